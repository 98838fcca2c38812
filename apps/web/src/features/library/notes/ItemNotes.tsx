import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "@learnward/contracts";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { useItemNote, usePutItemNote } from "./hooks";
import { NoteMarkdown } from "./NoteMarkdown";

export { ItemHighlights } from "./ItemHighlights";

/**
 * My note on a saved item: shown as Markdown (safely: NoteMarkdown), edited in place as a whole in a
 * labelled text area; saving an empty note clears it. The server's refusal shows in the form.
 */
export function ItemNotes({ itemId }: { itemId: number }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const headingId = useId();
  const helpId = useId();
  const note = useItemNote(itemId);
  const put = usePutItemNote(itemId);
  // null: reading the note; text: editing it.
  const [draft, setDraft] = useState<string | null>(null);

  const edit = () => {
    put.reset();
    setDraft(note.data?.note ?? "");
  };
  const cancel = () => {
    put.reset();
    setDraft(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    put.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(null);
        toast(saved.note ? t("notes.saved") : t("notes.cleared"), "success");
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {t("notes.heading")}
        </Typography>
        {draft === null && note.isSuccess && (
          <Button startIcon={<EditOutlined />} onClick={edit}>
            {note.data.note ? t("notes.edit") : t("notes.add")}
          </Button>
        )}
      </Stack>

      {note.isPending ? (
        <CircularProgress size={24} aria-label={t("notes.loading")} />
      ) : note.isError ? (
        <Alert severity="error">{message(note.error)}</Alert>
      ) : draft === null ? (
        note.data.note ? (
          <NoteMarkdown text={note.data.note} />
        ) : (
          <Typography color="text.secondary">{t("notes.empty")}</Typography>
        )
      ) : (
        <Stack component="form" spacing={1.5} onSubmit={save} noValidate>
          <TextField
            label={t("notes.label")}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") cancel();
            }}
            multiline
            minRows={6}
            fullWidth
            autoFocus
            helperText={t("notes.help", { count: draft.length, max: NOTE_MAX })}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX, "aria-describedby": helpId }, formHelperText: { id: helpId } }}
          />
          {put.isError && (
            <Alert severity="error" role="alert">
              {message(put.error)}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={put.isPending}>
              {put.isPending ? t("notes.saving") : t("notes.save")}
            </Button>
            <Button onClick={cancel} disabled={put.isPending}>
              {t("notes.cancel")}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
