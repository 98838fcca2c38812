import { useState } from "react";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { FolderNameRequest, type ContentItem } from "@learnward/contracts";
import { FormDialog } from "../../components/FormDialog";
import { maxOf } from "../../components/formRules";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAddToFolder, useFolderMutations, useFolders, useSections } from "./folderHooks";
import { Loading } from "../../components/Loading";

const NO_SECTION = "none";

function SectionSelect({ folderId, value, onChange }: { folderId: number; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("home");
  const sections = useSections(folderId);
  if (!sections.data?.length) return null;
  return (
    <TextField select label={t("folders.section")} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      <MenuItem value={NO_SECTION}>{t("folders.noSection")}</MenuItem>
      {sections.data.map((section) => (
        <MenuItem key={section.id} value={String(section.id)}>
          {section.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const AddToFolderForm = z.object({ folder: z.string().min(1), section: z.string() });
const folderName = FolderNameRequest.shape.name;

/** Add an item of my library to one of my folders (POST /api/user/folder_relation/create_content/ {id_primary}). */
export default function AddToFolderDialog({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const folders = useFolders();
  const add = useAddToFolder();
  return (
    <FormDialog
      schema={AddToFolderForm}
      defaultValues={{ folder: "", section: NO_SECTION }}
      maxWidth="xs"
      title={t("folders.addTitle")}
      description={item.title}
      submitLabel={t("folders.addToFolder")}
      cancelLabel={t("actions.cancel")}
      errorText={(error) => (isApiError(error, "already_in_folder") ? t("folders.alreadyInFolder") : message(error))}
      onSubmit={async ({ folder, section }) => {
        await add.mutateAsync({ id_folder: Number(folder), id_section: section === NO_SECTION ? null : Number(section), id_primary: item.id_primary });
        const name = folders.data?.find((f) => String(f.id) === folder)?.name ?? "";
        toast(t("folders.added", { title: item.title, folder: name }), "success");
      }}
      onClose={onClose}
    >
      {({ control, errorOf }) => {
        if (folders.isPending) {
          return <Loading label={t("folders.loading")} py={2} />;
        }
        const folder = control("folder");
        const section = control("section");
        const folderError = errorOf("folder");
        return (
          <>
            {folders.isError && <Alert severity="error">{message(folders.error)}</Alert>}
            {folders.data && folders.data.length > 0 && (
              <TextField
                select
                label={t("folders.folder")}
                value={folder.value}
                onChange={(event) => {
                  folder.onChange(event.target.value);
                  section.onChange(NO_SECTION);
                }}
                error={Boolean(folderError)}
                helperText={folderError}
                required
                fullWidth
              >
                {folders.data.map((f) => (
                  <MenuItem key={f.id} value={String(f.id)}>
                    {f.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {folder.value && <SectionSelect folderId={Number(folder.value)} value={section.value} onChange={section.onChange} />}
            <NewFolder onCreated={(id) => folder.onChange(String(id))} />
          </>
        );
      }}
    </FormDialog>
  );
}

/** Creates a folder on the spot (named by the server's FolderNameRequest rule) and picks it. */
function NewFolder({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const { create } = useFolderMutations();
  const [name, setName] = useState("");
  const parsed = folderName.safeParse(name);
  const createFolder = () => {
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        onCreated(created.id);
        setName("");
      },
    });
  };
  return (
    <>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          label={t("folders.newFolderName")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          // Enter creates the folder, not the item's addition: this field is not part of the form.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            createFolder();
          }}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: maxOf(folderName) } }}
        />
        <Button variant="outlined" onClick={createFolder} disabled={!parsed.success} loading={create.isPending} sx={{ flex: "0 0 auto" }}>
          {t("folders.create")}
        </Button>
      </Box>
      {create.isError && (
        <Alert severity="error" role="alert">
          {message(create.error)}
        </Alert>
      )}
    </>
  );
}
