import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast";
import { useFolderMutations, useSectionMutations, type Folder, type FolderSection } from "../folderHooks";
import { AddFolderItemDialog } from "./AddFolderItemDialog";
import type { ListChoice } from "./FolderList";
import { ConfirmDialog, NameDialog } from "./NameDialog";

export type Dialog =
  | { kind: "add" }
  | { kind: "renameFolder" }
  | { kind: "deleteFolder" }
  | { kind: "newSection" }
  | { kind: "renameSection"; section: FolderSection }
  | { kind: "deleteSection"; section: FolderSection };

interface FolderDialogsProps {
  dialog: Dialog;
  folder: Folder;
  lists: ListChoice[];
  onClose: () => void;
  onDeleted: () => void;
}

/** The folder's dialogs: add items; rename or delete it; add, rename or delete a section. */
export function FolderDialogs({ dialog, folder, lists, onClose, onDeleted }: FolderDialogsProps) {
  const { t } = useTranslation("home");
  const folderMutations = useFolderMutations();
  const sectionMutations = useSectionMutations(folder.id);
  const closeDialog = () => {
    onClose();
    // A failed attempt's message belongs to that dialog only.
    for (const mutation of [folderMutations.rename, folderMutations.remove, sectionMutations.create, sectionMutations.rename, sectionMutations.remove]) {
      mutation.reset();
    }
  };

  return (
    <>
      {dialog.kind === "add" && <AddFolderItemDialog folder={folder} sections={lists} onClose={closeDialog} />}
      {dialog.kind === "renameFolder" && (
        <NameDialog
          title={t("folders.renameTitle")}
          label={t("folders.name")}
          submitLabel={t("folders.save")}
          initial={folder.name}
          pending={folderMutations.rename.isPending}
          error={folderMutations.rename.error}
          onSubmit={(name) => folderMutations.rename.mutate({ id: folder.id, name }, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
      {dialog.kind === "deleteFolder" && (
        <ConfirmDialog
          title={t("folders.deleteTitle", { name: folder.name })}
          description={t("folders.deleteDescription")}
          confirmLabel={t("folders.delete")}
          pending={folderMutations.remove.isPending}
          error={folderMutations.remove.error}
          onConfirm={() =>
            folderMutations.remove.mutate(folder.id, {
              onSuccess: () => {
                toast(t("folders.deleted", { name: folder.name }), "success");
                onDeleted();
              },
            })
          }
          onClose={closeDialog}
        />
      )}
      {dialog.kind === "newSection" && (
        <NameDialog
          title={t("folders.newSectionTitle")}
          label={t("folders.sectionName")}
          submitLabel={t("folders.create")}
          pending={sectionMutations.create.isPending}
          error={sectionMutations.create.error}
          onSubmit={(name) => sectionMutations.create.mutate(name, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
      {dialog.kind === "renameSection" && (
        <NameDialog
          title={t("folders.renameSectionTitle")}
          label={t("folders.sectionName")}
          submitLabel={t("folders.save")}
          initial={dialog.section.name}
          pending={sectionMutations.rename.isPending}
          error={sectionMutations.rename.error}
          onSubmit={(name) => sectionMutations.rename.mutate({ id: dialog.section.id, name }, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
      {dialog.kind === "deleteSection" && (
        <ConfirmDialog
          title={t("folders.deleteSectionTitle", { name: dialog.section.name })}
          description={t("folders.deleteSectionDescription")}
          confirmLabel={t("folders.deleteSectionConfirm")}
          pending={sectionMutations.remove.isPending}
          error={sectionMutations.remove.error}
          onConfirm={() => sectionMutations.remove.mutate(dialog.section.id, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
    </>
  );
}
