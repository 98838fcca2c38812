import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddLinkOutlined from "@mui/icons-material/AddLinkOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import TravelExploreOutlined from "@mui/icons-material/TravelExploreOutlined";
import type { DiscoverContent } from "@learnward/contracts";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { isApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useNetworkFormat } from "../format";
import { useAddItem, useCatalogSearch, useLibrarySearch, type AddItemBody } from "../hooks";
import { useAutocompleteTexts } from "../../../components/autocompleteTexts";
import { useDebounced } from "../../../lib/useDebounced";
import { ContentTypeIcon } from "../visuals";
import type { CollectionDetail, ContentType } from "../types";

const NO_SECTION = "none";
const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);

type Mode = "link" | "library" | "catalog";

/** Adds an item: a link with a title, something from my own library or from the company catalog (POST …/items/). */
export function AddItemPanel({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation("network");
  const baseId = useId();
  const [mode, setMode] = useState<Mode>("link");
  const [section, setSection] = useState(NO_SECTION);
  const add = useAddItem(collection.id);
  const errorMessage = useErrorMessage();
  // A section deleted meanwhile falls back to "no section".
  const sectionId = collection.sections.some((s) => String(s.id) === section) ? Number(section) : null;

  const submit = (body: AddItemBody, done: () => void) =>
    add.mutate(
      { ...body, section_id: sectionId },
      {
        onSuccess: () => {
          toast(t("editor.itemAdded"), "success");
          done();
        },
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${baseId}-heading`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${baseId}-heading`} variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
        {t("editor.addItem")}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs
          value={mode}
          onChange={(_event, value: Mode) => setMode(value)}
          aria-label={t("editor.addHow")}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          <Tab
            value="link"
            icon={<AddLinkOutlined />}
            iconPosition="start"
            label={t("editor.byLink")}
            id={`${baseId}-tab-link`}
            aria-controls={`${baseId}-panel`}
          />
          <Tab
            value="library"
            icon={<LibraryAddOutlined />}
            iconPosition="start"
            label={t("editor.fromLibrary")}
            id={`${baseId}-tab-library`}
            aria-controls={`${baseId}-panel`}
          />
          <Tab
            value="catalog"
            icon={<TravelExploreOutlined />}
            iconPosition="start"
            label={t("editor.fromCatalog")}
            id={`${baseId}-tab-catalog`}
            aria-controls={`${baseId}-panel`}
          />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${mode}`}>
        {add.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {isApiError(add.error, "already_in_collection") ? t("editor.alreadyIn") : errorMessage(add.error)}
          </Alert>
        )}
        {collection.sections.length > 0 && (
          <TextField
            select
            label={t("editor.intoSection")}
            value={sectionId === null ? NO_SECTION : section}
            onChange={(e) => setSection(e.target.value)}
            fullWidth
            sx={{ mb: 2 }}
          >
            <MenuItem value={NO_SECTION}>{t("editor.noSection")}</MenuItem>
            {collection.sections.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        {mode === "link" && <ByLink pending={add.isPending} onAdd={(url, title, done) => submit({ url, ...(title ? { title } : {}) }, done)} />}
        {mode === "library" && <FromLibrary pending={add.isPending} onAdd={(item, done) => submit({ content_id: item.id_content }, done)} />}
        {mode === "catalog" && <FromCatalog pending={add.isPending} onAdd={(item, done) => submit({ content_id: item.id_content }, done)} />}
      </Box>
    </Paper>
  );
}

function ByLink({ pending, onAdd }: { pending: boolean; onAdd: (url: string, title: string, done: () => void) => void }) {
  const { t } = useTranslation("network");
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [invalid, setInvalid] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const link = url.trim();
    if (!isHttpUrl(link)) {
      setInvalid(true);
      return;
    }
    onAdd(link, title.trim(), () => {
      setUrl("");
      setTitle("");
    });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={send}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr auto" }, alignItems: "start" }}
    >
      <TextField
        label={t("editor.url")}
        type="url"
        placeholder="https://"
        required
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? t("editor.urlInvalid") : t("editor.urlHint")}
      />
      <TextField
        label={t("editor.itemTitle")}
        value={title}
        onChange={(event) => setTitle(event.target.value.slice(0, 300))}
        helperText={t("editor.itemTitleHint")}
      />
      <Button type="submit" variant="contained" loading={pending} sx={{ mt: { sm: 1 } }}>
        {t("editor.add")}
      </Button>
    </Box>
  );
}

/** What both pickers show of a catalog item: its title, kind, provider and author. */
type Pickable = { id_content: number; title: string; content_type: ContentType; provider: string | null; author: string | null };
type PickerTexts = { label: string; hint: string; noOptions: string };

function FromLibrary({ pending, onAdd }: { pending: boolean; onAdd: (item: Pickable, done: () => void) => void }) {
  const { t } = useTranslation("network");
  const [input, setInput] = useState("");
  const results = useLibrarySearch(useDebounced(input), true);
  return (
    <Picker
      texts={{ label: t("editor.searchLibrary"), hint: t("editor.searchLibraryHint"), noOptions: t("editor.noSaves") }}
      input={input}
      onInput={setInput}
      options={results.data?.results ?? []}
      loading={results.isFetching}
      pending={pending}
      onAdd={onAdd}
    />
  );
}

/** A curator adds any item of the company catalog, saved by them or not. */
function FromCatalog({ pending, onAdd }: { pending: boolean; onAdd: (item: DiscoverContent, done: () => void) => void }) {
  const { t } = useTranslation("network");
  const [input, setInput] = useState("");
  const results = useCatalogSearch(useDebounced(input), true);
  const options = (results.data?.results ?? []).filter((r): r is DiscoverContent => r.kind === "content");
  return (
    <Picker
      texts={{ label: t("editor.searchCatalog"), hint: t("editor.searchCatalogHint"), noOptions: t("editor.noCatalogMatch") }}
      input={input}
      onInput={setInput}
      options={options}
      loading={results.isFetching}
      pending={pending}
      onAdd={onAdd}
    />
  );
}

function Picker<T extends Pickable>({
  texts: words,
  input,
  onInput,
  options,
  loading,
  pending,
  onAdd,
}: {
  texts: PickerTexts;
  input: string;
  onInput: (value: string) => void;
  options: T[];
  loading: boolean;
  pending: boolean;
  onAdd: (item: T, done: () => void) => void;
}) {
  const { t } = useTranslation("network");
  const texts = useAutocompleteTexts();
  const format = useNetworkFormat();
  const [chosen, setChosen] = useState<T | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onAdd(chosen, () => setChosen(null));
  };
  return (
    <Box component="form" noValidate onSubmit={send} sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr auto" }, alignItems: "start" }}>
      <Autocomplete
        {...texts}
        noOptionsText={words.noOptions}
        options={options}
        value={chosen}
        onChange={(_event, next) => setChosen(next)}
        inputValue={input}
        onInputChange={(_event, next) => onInput(next)}
        filterOptions={(x) => x}
        loading={loading}
        getOptionLabel={(option) => option.title}
        isOptionEqualToValue={(option, value) => option.id_content === value.id_content}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", minWidth: 0 }}>
                <ContentTypeIcon type={option.content_type} fontSize="small" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography noWrap>{option.title}</Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {[format.type(option.content_type), format.provider(option.provider), option.author].filter(Boolean).join(" · ")}
                  </Typography>
                </Box>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => <TextField {...params} label={words.label} helperText={words.hint} />}
      />
      <Button type="submit" variant="contained" loading={pending} disabled={!chosen} sx={{ mt: { sm: 1 } }}>
        {t("editor.add")}
      </Button>
    </Box>
  );
}
