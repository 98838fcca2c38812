import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useTranslation } from "react-i18next";
import { HIGHLIGHT_COMMENT_MAX, HIGHLIGHT_TEXT_MAX, type Highlight } from "@learnward/contracts";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { useHighlightChanges, useItemHighlights } from "./hooks";

/** The start of a passage, to tell its buttons apart for a screen reader. */
const shortQuote = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * The passages I highlighted on a saved item, as quotes with my comments: add one by pasting it,
 * edit a comment in place, delete one after confirming.
 */
export function ItemHighlights({ itemId }: { itemId: number }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const headingId = useId();
  const list = useItemHighlights(itemId);
  const changes = useHighlightChanges(itemId);
  const [deleting, setDeleting] = useState<Highlight | null>(null);
  const highlights = list.data?.pages.flatMap((page) => page.results) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  const confirmDelete = () => {
    if (!deleting) return;
    changes.remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast(t("highlights.deleted"), "success");
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {list.isSuccess && count ? t("highlights.headingCount", { count }) : t("highlights.heading")}
      </Typography>

      {list.isPending ? (
        <CircularProgress size={24} aria-label={t("highlights.loading")} />
      ) : list.isError ? (
        <Alert severity="error">{message(list.error)}</Alert>
      ) : highlights.length === 0 ? (
        <Typography color="text.secondary">{t("highlights.empty")}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {highlights.map((h) => (
            <HighlightEntry key={h.id} highlight={h} itemId={itemId} onDelete={() => setDeleting(h)} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} sx={{ alignSelf: "flex-start" }}>
          {t("highlights.more")}
        </Button>
      )}

      <AddHighlight itemId={itemId} />

      <ConfirmDialog
        open={deleting !== null}
        title={t("highlights.deleteTitle")}
        text={deleting ? t("highlights.deleteText", { quote: shortQuote(deleting.text) }) : ""}
        confirm={t("highlights.delete")}
        cancel={t("highlights.cancel")}
        error={changes.remove.isError ? message(changes.remove.error) : null}
        pending={changes.remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => {
          changes.remove.reset();
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function HighlightEntry({ highlight, itemId, onDelete }: { highlight: Highlight; itemId: number; onDelete: () => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const { edit } = useHighlightChanges(itemId);
  // null: reading; text: editing the comment.
  const [draft, setDraft] = useState<string | null>(null);
  const quote = shortQuote(highlight.text);

  const cancel = () => {
    edit.reset();
    setDraft(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    edit.mutate({ id: highlight.id, changes: { comment: draft.trim() || null } }, { onSuccess: () => setDraft(null) });
  };

  return (
    <Box component="li" sx={{ borderLeft: 4, borderColor: "warning.light", pl: 1.5, minWidth: 0 }}>
      <Box component="blockquote" sx={{ m: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontStyle: "italic" }}>
        {highlight.text}
      </Box>
      {draft === null ? (
        <Stack direction="row" sx={{ alignItems: "flex-start", justifyContent: "space-between", gap: 1, mt: 0.5 }}>
          <Typography
            variant="body2"
            color={highlight.comment ? "text.primary" : "text.secondary"}
            sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", pt: 1 }}
          >
            {highlight.comment ?? t("highlights.noComment")}
          </Typography>
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            <IconButton aria-label={t("highlights.editComment", { quote })} onClick={() => setDraft(highlight.comment ?? "")}>
              <EditOutlined fontSize="small" />
            </IconButton>
            <IconButton aria-label={t("highlights.deleteOne", { quote })} onClick={onDelete}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
      ) : (
        <Stack component="form" spacing={1} onSubmit={save} noValidate sx={{ mt: 1 }}>
          <TextField
            label={t("highlights.commentLabel")}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") cancel();
            }}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            size="small"
            slotProps={{ htmlInput: { maxLength: HIGHLIGHT_COMMENT_MAX } }}
          />
          {edit.isError && (
            <Alert severity="error" role="alert">
              {message(edit.error)}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={edit.isPending}>
              {t("highlights.saveComment")}
            </Button>
            <Button size="small" onClick={cancel} disabled={edit.isPending}>
              {t("highlights.cancel")}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

/** Adds a highlight by pasting the passage (and a comment, if any). */
function AddHighlight({ itemId }: { itemId: number }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const { add } = useHighlightChanges(itemId);
  const [text, setText] = useState("");
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    add.mutate(
      { text, ...(comment.trim() ? { comment } : {}) },
      {
        onSuccess: () => {
          setText("");
          setComment("");
          toast(t("highlights.added"), "success");
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate aria-label={t("highlights.addTitle")}>
      <TextField
        label={t("highlights.quoteLabel")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMissing(false);
        }}
        required
        error={missing}
        helperText={missing ? t("highlights.quoteMissing") : t("highlights.quoteHelp")}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: HIGHLIGHT_TEXT_MAX } }}
      />
      <TextField
        label={t("highlights.commentOptional")}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        fullWidth
        slotProps={{ htmlInput: { maxLength: HIGHLIGHT_COMMENT_MAX } }}
      />
      {add.isError && (
        <Alert severity="error" role="alert">
          {message(add.error)}
        </Alert>
      )}
      <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ alignSelf: "flex-start" }}>
        {t("highlights.add")}
      </Button>
    </Stack>
  );
}
