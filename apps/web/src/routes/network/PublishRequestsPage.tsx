import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import HighlightOffOutlined from "@mui/icons-material/HighlightOffOutlined";
import PublishOutlined from "@mui/icons-material/PublishOutlined";
import { useTranslation } from "react-i18next";
import { TablePager } from "../../components/TablePager";
import { RequestStatusFilter, SortOrder as SortOrders } from "@learnward/contracts";
import { useMe } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { TextLink } from "../../components/TextLink";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { collectionPath, useNetworkFormat } from "../../features/network/format";
import { PUBLISH_REQUESTS_PAGE_SIZE, useDecidePublishRequest, usePublishRequests } from "../../features/network/hooks";
import { PublishChanges } from "../../features/network/PublishChanges";
import { RejectRequestDialog } from "../../features/network/RejectRequestDialog";
import { useFilterParams } from "../../features/network/useFilterParams";
import { StatusChip } from "../../features/network/visuals";
import type { PublishRequest, PublishScope, PublishStatusFilter, SortOrder } from "../../features/network/types";
import { LoadFailed } from "../../components/LoadFailed";
import { Loading } from "../../components/Loading";

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;

/** /collaborative-network/publishRequest: my publish requests and, for the L&D leader, the queue to decide. */
export default function PublishRequestsPage() {
  const { t } = useTranslation("network");
  const me = useMe();
  const baseId = useId();
  const { params, page, setPage, update } = useFilterParams();
  // Deciding is the L&D leader's (PRODUCT.md); the queue is where they start.
  const canDecide = me.abilities.decide_publish_requests;
  const scope: PublishScope = canDecide ? pick(["queue", "mine"] as const, params.get("scope"), "queue") : "mine";
  const status = pick<PublishStatusFilter>(RequestStatusFilter.options, params.get("status"), "all");
  const sort = pick<SortOrder>(SortOrders.options, params.get("sort"), "desc");
  const [rejecting, setRejecting] = useState<PublishRequest | null>(null);

  const list = (
    <>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 220px))" }, mb: 3 }}>
        <TextField
          select
          label={t("requests.statusFilter")}
          value={status}
          onChange={(event) => update({ status: event.target.value === "all" ? null : event.target.value, page: null })}
        >
          {RequestStatusFilter.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`requests.statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t("requests.sort")}
          value={sort}
          onChange={(event) => update({ sort: event.target.value === "desc" ? null : event.target.value, page: null })}
        >
          {SortOrders.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`requests.sorts.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <RequestList scope={scope} status={status} sort={sort} page={page} onPage={setPage} onReject={setRejecting} />
    </>
  );

  return (
    <>
      <PageHeader title={t("publishRequests.title")} description={t("publishRequests.description")} />
      {canDecide ? (
        <>
          <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
            <Tabs
              value={scope}
              onChange={(_event, value: PublishScope) => update({ scope: value === "queue" ? null : value, page: null })}
              aria-label={t("requests.tabsLabel")}
              variant="scrollable"
              allowScrollButtonsMobile
            >
              <Tab value="queue" label={t("requests.queue")} id={`${baseId}-tab-queue`} aria-controls={`${baseId}-panel`} />
              <Tab value="mine" label={t("requests.mine")} id={`${baseId}-tab-mine`} aria-controls={`${baseId}-panel`} />
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${scope}`}>
            {list}
          </Box>
        </>
      ) : (
        list
      )}
      <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

interface RequestListProps {
  scope: PublishScope;
  status: PublishStatusFilter;
  sort: SortOrder;
  page: number;
  onPage: (page: number) => void;
  onReject: (request: PublishRequest) => void;
}

function RequestList({ scope, status, sort, page, onPage, onReject }: RequestListProps) {
  const { t } = useTranslation("network");
  const requests = usePublishRequests({ scope, status, sort, page });
  if (requests.isPending) {
    return <Loading label={t("requests.loading")} />;
  }
  if (requests.isError) {
    return <LoadFailed error={requests.error} onRetry={() => void requests.refetch()} />;
  }
  const { results, count } = requests.data;
  if (results.length === 0) {
    return (
      <EmptyState
        icon={<PublishOutlined />}
        title={scope === "queue" ? t("requests.queueEmptyTitle") : t("publishRequests.emptyTitle")}
        description={scope === "queue" ? t("requests.queueEmptyDescription") : t("publishRequests.emptyDescription")}
      />
    );
  }
  return (
    <>
      <Stack component="ul" spacing={2} aria-label={scope === "queue" ? t("requests.queue") : t("requests.mine")} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {results.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} decide={scope === "queue"} onReject={() => onReject(request)} />
          </li>
        ))}
      </Stack>
      <TablePager label={t("pagination.label")} count={count} page={page} pageSize={PUBLISH_REQUESTS_PAGE_SIZE} onPage={onPage} />
    </>
  );
}

function RequestCard({ request, decide, onReject }: { request: PublishRequest; decide: boolean; onReject: () => void }) {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const errorMessage = useErrorMessage();
  const accept = useDecidePublishRequest();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: "1.1rem", flex: "1 1 240px", minWidth: 0, overflowWrap: "anywhere" }}>
          <TextLink to={collectionPath(request.collection)}>{request.collection.title}</TextLink>
        </Typography>
        {/* Changes to a published path read differently from a first publication. */}
        <Chip size="small" variant="outlined" color={request.kind === "edit" ? "info" : "default"} label={t(`requests.kinds.${request.kind}`)} />
        <StatusChip kind="request" status={request.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("requests.askedBy", { name: request.requested_by.display_name, date: format.date(request.created_at) })}
      </Typography>
      {request.message && (
        <Typography sx={{ mt: 1, whiteSpace: "pre-line" }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t("requests.messageLabel")}
          </Box>{" "}
          {request.message}
        </Typography>
      )}
      {request.changes && <PublishChanges changes={request.changes} />}
      {request.kind === "edit" && request.status === "pending" && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <TextLink to={`${collectionPath(request.collection)}?version=draft`}>{t("requests.seeChanges")}</TextLink>
        </Typography>
      )}
      {request.decided_by && request.decided_at && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(request.status === "accepted" ? "requests.acceptedBy" : "requests.rejectedBy", {
            name: request.decided_by.display_name,
            date: format.date(request.decided_at),
          })}
        </Typography>
      )}
      {request.status === "rejected" && request.reason && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          <strong>{t("requests.reasonLabel")}</strong> {request.reason}
        </Alert>
      )}
      {decide && request.status === "pending" && (
        <Stack direction="row" sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckCircleOutlined />}
            loading={accept.isPending}
            aria-label={t("requests.acceptLabel", { title: request.collection.title })}
            onClick={() =>
              accept.mutate(
                { id: request.id, decision: "accept" },
                {
                  onSuccess: () =>
                    toast(t(request.kind === "edit" ? "requests.acceptedEdit" : "requests.accepted", { title: request.collection.title }), "success"),
                  onError: (error) => toast(errorMessage(error), "error"),
                },
              )
            }
          >
            {t("requests.accept")}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<HighlightOffOutlined />}
            aria-label={t("requests.rejectLabel", { title: request.collection.title })}
            onClick={onReject}
          >
            {t("requests.reject")}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
