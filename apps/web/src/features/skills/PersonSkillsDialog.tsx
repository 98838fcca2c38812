import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslation } from "react-i18next";
import { SkillsPanel } from "./SkillsPanel";

/** Someone's skill levels, opened from the people they manage (hr's employees list). */
export function PersonSkillsDialog({ accountId, name, onClose }: { accountId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("skills");
  return (
    <Dialog open onClose={onClose} aria-labelledby="person-skills-title" fullWidth maxWidth="md">
      <DialogTitle id="person-skills-title" sx={{ overflowWrap: "anywhere" }}>
        {t("person.title", { name })}
      </DialogTitle>
      <DialogContent>
        <SkillsPanel accountId={accountId} label={t("person.tableLabel", { name })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("dialog.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
