import { lazy, Suspense, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import AddShoppingCartOutlined from "@mui/icons-material/AddShoppingCartOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import { useTranslation } from "react-i18next";
import type { CopilotItem } from "@learnward/contracts";
import { useMe } from "../../app/session";
import { TextLink } from "../../components/TextLink";
import { useStartCourse } from "./hooks";
import { SaveActions } from "./SaveActions";

// The dialogs hold forms checked with the contracts' zod schemas: loaded when opened, not with the page.
const AddToCollectionDialog = lazy(() => import("./AddToCollectionDialog").then((m) => ({ default: m.AddToCollectionDialog })));
const NewRequestDialog = lazy(() => import("../budgeting/NewRequestDialog").then((m) => ({ default: m.NewRequestDialog })));

/** What the last action on the item did, said beside it. */
export type ActionResult = { severity: "success" | "error"; text: string; link?: { to: string; label: string } };

/**
 * Acting from the copilot's answer: save, start a course, add to one of my collections
 * (or a new draft), and ask to buy a course. Each shows only when the person may take it; a
 * purchase request needs a team (the /api/me ability request_purchases).
 */
export function CopilotItemActions({ item }: { item: CopilotItem }) {
  const { t } = useTranslation("discover");
  const me = useMe();
  const start = useStartCourse();
  const [dialog, setDialog] = useState<"collection" | "purchase" | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  if (!me.company) return null;
  const title = item.title;
  const course = item.content_type === "course";
  const status = start.isSuccess ? "running" : item.mine?.course_status;
  const started = status === "running" || status === "finalized";

  const onStart = () =>
    start.mutate(item, {
      onSuccess: () => setResult({ severity: "success", text: t("itemActions.startedResult", { title }) }),
      onError: () => setResult({ severity: "error", text: t("actions.failed") }),
    });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {/* Starting saves it too: the save buttons say so before the answer is read again. */}
        <SaveActions item={{ ...item, mine: start.data ? { id_primary: start.data.id_primary, course_status: "running" } : item.mine }} />
        {course && (
          <Button
            size="small"
            variant={started ? "text" : "outlined"}
            startIcon={<PlayArrowOutlined />}
            disabled={started || start.isPending}
            aria-label={t(status === "finalized" ? "itemActions.finishedLabel" : started ? "itemActions.startedLabel" : "itemActions.startLabel", { title })}
            onClick={onStart}
          >
            {status === "finalized" ? t("itemActions.finished") : started ? t("itemActions.started") : t("itemActions.start")}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<LibraryAddOutlined />}
          aria-label={t("itemActions.collectLabel", { title })}
          aria-haspopup="dialog"
          onClick={() => setDialog("collection")}
        >
          {t("itemActions.collect")}
        </Button>
        {course && me.abilities.request_purchases && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddShoppingCartOutlined />}
            aria-label={t("itemActions.requestLabel", { title })}
            aria-haspopup="dialog"
            onClick={() => setDialog("purchase")}
          >
            {t("itemActions.request")}
          </Button>
        )}
      </Box>
      {result && (
        <Alert severity={result.severity} onClose={() => setResult(null)} sx={{ py: 0 }}>
          {result.text} {result.link && <TextLink to={result.link.to}>{result.link.label}</TextLink>}
        </Alert>
      )}
      <Suspense fallback={null}>
        {dialog === "collection" && <AddToCollectionDialog item={item} onDone={setResult} onClose={() => setDialog(null)} />}
        {dialog === "purchase" && (
          // The catalog knows no price: the person types it.
          <NewRequestDialog currency={me.company.currency} initial={{ title, link: item.url }} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Box>
  );
}
