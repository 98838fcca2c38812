import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { normalizeTagName, TAG_NAME_MAX, type Tag } from "@learnward/contracts";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LoadFailed } from "../../../components/LoadFailed";
import { Loading } from "../../../components/Loading";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { toast } from "../../../lib/toast";
import { useDeleteTag, useMergeTags, useRenameTag, useTags } from "./hooks";

/** One tag's row: its name and count, renamed in place; ticked for a merge. */
function TagRow({ tag, selected, onSelect, onDelete }: { tag: Tag; selected: boolean; onSelect: (on: boolean) => void; onDelete: () => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const rename = useRenameTag();
  const [editing, setEditing] = useState<string | null>(null);
  const submit = () => {
    const name = normalizeTagName(editing ?? "");
    if (!name || name === tag.name) return setEditing(null);
    rename.mutate(
      { id: tag.id, name },
      {
        onSuccess: (answer) => {
          setEditing(null);
          toast(answer.merged ? t("tags.manage.mergedInto", { name: answer.name }) : t("tags.manage.renamed", { name: answer.name }), "success");
        },
        onError: (error) => toast(message(error), "error"),
      },
    );
  };
  return (
    <Box component="li" sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, borderBottom: 1, borderColor: "divider" }}>
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        slotProps={{ input: { "aria-label": t("tags.manage.select", { name: tag.name }) } }}
      />
      {editing === null ? (
        <>
          <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {tag.name}{" "}
            <Typography component="span" variant="body2" color="text.secondary">
              {t("tags.manage.count", { count: tag.count })}
            </Typography>
          </Typography>
          <Button size="small" onClick={() => setEditing(tag.name)} aria-label={t("tags.manage.renameLabel", { name: tag.name })}>
            {t("tags.manage.rename")}
          </Button>
          <Button size="small" color="error" onClick={onDelete} aria-label={t("tags.manage.deleteLabel", { name: tag.name })}>
            {t("tags.manage.delete")}
          </Button>
        </>
      ) : (
        <Box
          component="form"
          sx={{ flex: 1, display: "flex", gap: 1, alignItems: "center" }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            size="small"
            autoFocus
            label={t("tags.manage.newName", { name: tag.name })}
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                setEditing(null);
              }
            }}
            slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX } }}
            helperText={t("tags.manage.renameHelp")}
            sx={{ flex: 1 }}
          />
          <Button type="submit" size="small" variant="contained" loading={rename.isPending}>
            {t("tags.manage.save")}
          </Button>
          <Button size="small" onClick={() => setEditing(null)}>
            {t("actions.cancel")}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** My tags: rename (onto another tag's name merges), merge the ticked ones into one, delete with a confirmation. */
export default function ManageTagsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const titleId = useId();
  const tags = useTags();
  const merge = useMergeTags();
  const remove = useDeleteTag();
  const [selected, setSelected] = useState<number[]>([]);
  const [into, setInto] = useState<number | "">("");
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = tags.data?.results ?? [];
  const chosen = list.filter((tag) => selected.includes(tag.id));
  const kept = chosen.find((tag) => tag.id === into) ?? chosen[0];

  const mergeChosen = () => {
    if (!kept) return;
    merge.mutate(
      { ids: chosen.filter((tag) => tag.id !== kept.id).map((tag) => tag.id), into: kept.id },
      {
        onSuccess: (answer) => {
          setSelected([]);
          setInto("");
          toast(t("tags.manage.mergedInto", { name: answer.name }), "success");
        },
        onError: (error) => toast(message(error), "error"),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("tags.manage.title")}</DialogTitle>
      <DialogContent>
        {tags.isPending ? (
          <Loading label={t("tags.manage.loading")} py={4} />
        ) : tags.isError ? (
          <LoadFailed error={tags.error} onRetry={() => void tags.refetch()} />
        ) : list.length === 0 ? (
          <Typography color="text.secondary">{t("tags.manage.empty")}</Typography>
        ) : (
          <>
            <Box component="ul" aria-label={t("tags.manage.listLabel")} sx={{ listStyle: "none", m: 0, p: 0 }}>
              {list.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  selected={selected.includes(tag.id)}
                  onSelect={(on) => setSelected((ids) => (on ? [...ids, tag.id] : ids.filter((id) => id !== tag.id)))}
                  onDelete={() => {
                    setDeleteError(null);
                    setDeleting(tag);
                  }}
                />
              ))}
            </Box>
            {chosen.length >= 2 && kept && (
              <Box role="group" aria-label={t("tags.manage.mergeLabel")} sx={{ display: "flex", gap: 1, alignItems: "center", mt: 2, flexWrap: "wrap" }}>
                <TextField
                  select
                  size="small"
                  label={t("tags.manage.keep")}
                  value={kept.id}
                  onChange={(event) => setInto(Number(event.target.value))}
                  sx={{ minWidth: 200 }}
                >
                  {chosen.map((tag) => (
                    <MenuItem key={tag.id} value={tag.id}>
                      {tag.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Button variant="contained" onClick={mergeChosen} loading={merge.isPending}>
                  {t("tags.manage.merge", { count: chosen.length })}
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("tags.done")}</Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title={t("tags.manage.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("tags.manage.deleteText", { count: deleting?.count ?? 0 })}
        confirm={t("tags.manage.delete")}
        cancel={t("actions.cancel")}
        error={deleteError}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast(t("tags.manage.deleted", { name: deleting.name }), "success");
              setSelected((ids) => ids.filter((id) => id !== deleting.id));
              setDeleting(null);
            },
            onError: (error) => setDeleteError(message(error)),
          })
        }
      />
    </Dialog>
  );
}
