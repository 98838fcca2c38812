import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { useTranslation } from "react-i18next";
import type { DiscoverContent } from "@learnward/contracts";
import { useOptionalMe } from "../../app/session";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { SearchSelect, type SearchSource } from "../../components/SearchSelect";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useCatalogMatches, useHideCatalogItem, useMergeCatalogItem } from "./hooks";
import { OnDemandMenu } from "../../components/OnDemandMenu";

type Item = Pick<DiscoverContent, "id_content" | "title">;

/** A catalog item's curation menu, for whoever the server lets curate the catalog (the L&D leader). */
export function CurateMenu({ item }: { item: Item }) {
  const me = useOptionalMe();
  if (!me?.abilities.curate_catalog) return null;
  return <CurateMenuFor item={item} />;
}

function CurateMenuFor({ item }: { item: Item }) {
  const { t } = useTranslation("discover");
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<"hide" | "merge" | null>(null);
  const choose = (what: "hide" | "merge") => {
    setAnchor(null);
    setOpen(what);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t("curate.menu", { title: item.title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <OnDemandMenu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose("hide")}>{t("curate.hide")}</MenuItem>
        <MenuItem onClick={() => choose("merge")}>{t("curate.merge")}</MenuItem>
      </OnDemandMenu>
      {open === "hide" && <HideDialog item={item} onClose={() => setOpen(null)} />}
      {open === "merge" && <MergeDialog item={item} onClose={() => setOpen(null)} />}
    </>
  );
}

function HideDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation("discover");
  const errorMessage = useErrorMessage();
  const hide = useHideCatalogItem();
  return (
    <ConfirmDialog
      open
      title={t("curate.hideTitle", { title: item.title })}
      text={t("curate.hideText")}
      confirm={t("curate.hideConfirm")}
      cancel={t("curate.cancel")}
      error={hide.error ? errorMessage(hide.error) : null}
      pending={hide.isPending}
      onConfirm={() =>
        hide.mutate(item.id_content, {
          onSuccess: () => {
            toast(t("curate.hidden", { title: item.title }), "success");
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}

function MergeDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation("discover");
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const merge = useMergeCatalogItem();
  const [intoId, setIntoId] = useState("");
  const source: SearchSource<DiscoverContent> = {
    useMatches: (search, enabled) => {
      const q = useCatalogMatches(search, enabled);
      return { ...q, data: q.data?.filter((r) => r.id_content !== item.id_content) };
    },
    useOne: () => ({ data: undefined }),
    id: (r) => String(r.id_content),
    label: (r) => r.title,
  };
  const submit = () =>
    merge.mutate(
      { id: item.id_content, intoId: Number(intoId) },
      {
        onSuccess: () => {
          toast(t("curate.merged", { title: item.title }), "success");
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("curate.mergeTitle", { title: item.title })}</DialogTitle>
      <DialogContent>
        {merge.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(merge.error)}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t("curate.mergeText")}</DialogContentText>
        <SearchSelect source={source} unavailable={t("curate.searchUnavailable")} label={t("curate.keep")} value={intoId} onChange={setIntoId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("curate.cancel")}</Button>
        <Button variant="contained" color="error" disabled={intoId === ""} loading={merge.isPending} onClick={submit}>
          {t("curate.mergeConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
