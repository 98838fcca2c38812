import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import AddShoppingCartOutlined from "@mui/icons-material/AddShoppingCartOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { PageHeader } from "../../components/PageHeader";
import { EXPORT_CSV_URL, type Scope } from "../../features/budgeting/hooks";
import { NewRequestDialog } from "../../features/budgeting/NewRequestDialog";
import { RequestList } from "../../features/budgeting/RequestList";

/** spec §2: /budgetingPlan/purchaseRequest — my requests, and the queue for those who decide. */
export default function PurchaseRequestsPage() {
  const { t } = useTranslation("budgeting");
  const me = useMe();
  const currency = me.company?.currency ?? "USD";
  const decides = me.abilities.decide_purchase_requests;
  const [tab, setTab] = useState<Scope>(decides ? "decide" : "mine");
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t("purchaseRequests.title")}
        description={t("purchaseRequests.description")}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            {me.abilities.manage_company_budget && (
              // A plain download link: the browser sends the session cookie with it.
              <Button component="a" href={EXPORT_CSV_URL} download="purchase-requests.csv" startIcon={<FileDownloadOutlined />}>
                {t("purchaseRequests.exportCsv")}
              </Button>
            )}
            <Button variant="contained" startIcon={<AddShoppingCartOutlined />} onClick={() => setCreating(true)}>
              {t("purchaseRequests.new")}
            </Button>
          </Stack>
        }
      />
      {decides && (
        <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
          <Tabs value={tab} onChange={(_, next: Scope) => setTab(next)} aria-label={t("purchaseRequests.tabsLabel")} variant="scrollable">
            <Tab value="mine" label={t("purchaseRequests.mineTab")} id="tab-mine" aria-controls="panel-mine" />
            <Tab value="decide" label={t("purchaseRequests.decideTab")} id="tab-decide" aria-controls="panel-decide" />
          </Tabs>
        </Box>
      )}
      <Box role={decides ? "tabpanel" : undefined} id={`panel-${tab}`} aria-labelledby={decides ? `tab-${tab}` : undefined}>
        {/* key: each tab keeps its own filters and page. */}
        <RequestList key={tab} scope={tab} currency={currency} labelledBy={decides ? `tab-${tab}` : undefined} />
      </Box>
      {creating && <NewRequestDialog currency={currency} onClose={() => setCreating(false)} />}
    </>
  );
}
