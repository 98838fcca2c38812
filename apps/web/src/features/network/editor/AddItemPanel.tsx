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
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { isApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useNetworkFormat } from "../format";
import { useAddItem, useLibrarySearch, type AddItemBody } from "../hooks";
import { useAutocompleteTexts } from "../../../components/autocompleteTexts";
import { useDebounced } from "../../../lib/useDebounced";
import { ContentTypeIcon } from "../visuals";
import type { CollectionDetail, ContentItem } from "../types";

const NO_SECTION = "none";
const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);

/** Adds an item: a link with a title, or something from my own library (POST …/items/). */
export function AddItemPanel({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation("network");
  const baseId = useId();
  const [mode, setMode] = useState<"link" | "library">("link");
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
        <Tabs value={mode} onChange={(_event, value: "link" | "library") => setMode(value)} aria-label={t("editor.addHow")}>
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
        {mode === "link" ? (
          <ByLink pending={add.isPending} onAdd={(url, title, done) => submit({ url, ...(title ? { title } : {}) }, done)} />
        ) : (
          <FromLibrary pending={add.isPending} onAdd={(item, done) => submit({ content_id: item.id_content }, done)} />
        )}
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

function FromLibrary({ pending, onAdd }: { pending: boolean; onAdd: (item: ContentItem, done: () => void) => void }) {
  const { t } = useTranslation("network");
  const texts = useAutocompleteTexts();
  const format = useNetworkFormat();
  const [input, setInput] = useState("");
  const [chosen, setChosen] = useState<ContentItem | null>(null);
  const search = useDebounced(input);
  const results = useLibrarySearch(search, true);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onAdd(chosen, () => setChosen(null));
  };
  return (
    <Box component="form" noValidate onSubmit={send} sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr auto" }, alignItems: "start" }}>
      <Autocomplete
        {...texts}
        noOptionsText={t("editor.noSaves")}
        options={results.data?.results ?? []}
        value={chosen}
        onChange={(_event, next) => setChosen(next)}
        inputValue={input}
        onInputChange={(_event, next) => setInput(next)}
        filterOptions={(x) => x}
        loading={results.isFetching}
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
        renderInput={(params) => <TextField {...params} label={t("editor.searchLibrary")} helperText={t("editor.searchLibraryHint")} />}
      />
      <Button type="submit" variant="contained" loading={pending} disabled={!chosen} sx={{ mt: { sm: 1 } }}>
        {t("editor.add")}
      </Button>
    </Box>
  );
}
