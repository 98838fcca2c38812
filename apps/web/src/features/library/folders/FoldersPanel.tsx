import { useState } from "react";
import { usePageSearchParams } from "../../../lib/pageSearchParams";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CreateNewFolderOutlined from "@mui/icons-material/CreateNewFolderOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import FolderOpenOutlined from "@mui/icons-material/FolderOpenOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { useErrorMessage } from "../../../i18n/useErrorMessage";
import { useFolderMutations, useFolders } from "../folderHooks";
import { FolderView } from "./FolderView";
import { NameDialog } from "./NameDialog";
import { Loading } from "../../../components/Loading";

/** The Folders tab of /home: my folders (GET /api/user/folder/), and the chosen one's items. */
export default function FoldersPanel() {
  const { t } = useTranslation("home");
  const message = useErrorMessage();
  const [params, setParams] = usePageSearchParams();
  const folders = useFolders();
  const { create } = useFolderMutations();
  const [creating, setCreating] = useState(false);

  const selectedId = Number(params.get("folder"));
  const selected = folders.data?.find((folder) => folder.id === selectedId) ?? null;
  const select = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete("folder");
    else next.set("folder", String(id));
    setParams(next);
  };

  const newFolderButton = (
    <Button variant="outlined" startIcon={<CreateNewFolderOutlined />} onClick={() => setCreating(true)} aria-haspopup="dialog">
      {t("folders.new")}
    </Button>
  );

  if (folders.isPending) {
    return <Loading label={t("folders.loading")} py={6} />;
  }

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "240px minmax(0, 1fr)" }, alignItems: "start" }}>
      <Paper variant="outlined" component="nav" aria-label={t("folders.listLabel")} sx={{ p: 1.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: "1.1rem" }}>
            {t("folders.heading")}
          </Typography>
        </Box>
        {folders.isError && <Alert severity="error">{message(folders.error)}</Alert>}
        {folders.data && folders.data.length > 0 && (
          <List dense disablePadding sx={{ mb: 1 }}>
            {folders.data.map((folder) => {
              const current = folder.id === selected?.id;
              return (
                <li key={folder.id}>
                  <ListItemButton selected={current} aria-current={current ? "true" : undefined} onClick={() => select(folder.id)} sx={{ borderRadius: 1 }}>
                    <ListItemIcon sx={{ minWidth: 36 }}>{current ? <FolderOpenOutlined /> : <FolderOutlined />}</ListItemIcon>
                    <ListItemText primary={folder.name} secondary={t("folders.itemCount", { count: folder.count })} />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        )}
        {newFolderButton}
      </Paper>
      <Box sx={{ minWidth: 0 }}>
        {selected ? (
          <FolderView key={selected.id} folder={selected} onDeleted={() => select(null)} />
        ) : (
          <EmptyState
            icon={<FolderOutlined />}
            title={folders.data?.length ? t("folders.chooseTitle") : t("folders.emptyTitle")}
            description={folders.data?.length ? t("folders.chooseDescription") : t("folders.emptyDescription")}
            action={folders.data?.length ? undefined : newFolderButton}
          />
        )}
      </Box>
      {creating && (
        <NameDialog
          title={t("folders.newTitle")}
          label={t("folders.name")}
          submitLabel={t("folders.create")}
          pending={create.isPending}
          error={create.error}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: (folder) => {
                setCreating(false);
                create.reset();
                select(folder.id);
              },
            })
          }
          onClose={() => {
            setCreating(false);
            create.reset();
          }}
        />
      )}
    </Box>
  );
}
