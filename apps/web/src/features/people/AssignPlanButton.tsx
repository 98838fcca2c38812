import { lazy, Suspense, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Button from "@mui/material/Button";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import { useTranslation } from "react-i18next";
import i18next from "i18next";

// The collaborative network's dialog, with its words, loaded when the button is first used.
// (i18next directly rather than i18n/index.ts: importing that from a lazy chunk splits it out of
// the entry chunk, which costs /login about 0.2 KB gzip.)
const AssignPlanDialog = lazy(() =>
  Promise.all([import("../network/AssignPlanDialog"), i18next.loadNamespaces(["network"])]).then(([module]) => ({ default: module.AssignPlanDialog })),
);

/**
 * "Assign plan" on a team page: the plan dialog with nobody chosen beforehand. A pre-chosen team
 * took everyone, its leader too, along with the one person the leader picked.
 */
export function AssignPlanButton() {
  const { t } = useTranslation("people");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<AssignmentOutlined />} onClick={() => setOpen(true)}>
        {t("teamPage.assignPlan")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssignPlanDialog
            open
            onClose={() => setOpen(false)}
            // The team's progress and skills come from its plans.
            onAssigned={() => void queryClient.invalidateQueries({ queryKey: ["people"] })}
          />
        </Suspense>
      )}
    </>
  );
}
