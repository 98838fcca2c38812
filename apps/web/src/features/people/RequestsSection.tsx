import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { FilterSelect } from "../../components/FilterSelect";
import type { Decision, RequestKind, SortOrder, StatusFilter } from "./api";
import { requestSubject, type AnyRequest, type Deciding } from "./requests";
import { useRequests } from "./hooks";
import { firstRequests } from "./queries";
import { DecideDialog } from "./DecideDialog";
import { LoadFailed, Loading, RequestStatusChip, Section, useFormatDate } from "./ui";
import { filterResetsPage, TablePager } from "../../components/TablePager";

const STATUSES: readonly StatusFilter[] = ["all", "pending", "accepted", "rejected"];

function RequestCard({
  kind,
  request,
  canDecide,
  onDecide,
}: {
  kind: RequestKind;
  request: AnyRequest;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation("people");
  const formatDate = useFormatDate();
  const subject = requestSubject(request);
  // Invite requests keep one reason: why it was asked, replaced by why it was decided when hr gives one.
  const decisionReason = "decision_reason" in request ? request.decision_reason : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {subject}
        </Typography>
        <RequestStatusChip status={request.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("requests.teamLine", { team: request.team.name })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t("requests.askedBy", { name: request.requested_by.display_name, date: formatDate(request.created_at) })}
      </Typography>
      {request.reason && (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: "break-word" }}>
          {t("requests.reason", { reason: request.reason })}
        </Typography>
      )}
      {request.decided_by && request.decided_at && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t(`requests.decidedBy.${request.status === "accepted" ? "accepted" : "rejected"}`, {
            name: request.decided_by.display_name,
            date: formatDate(request.decided_at),
          })}
        </Typography>
      )}
      {decisionReason && (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: "break-word" }}>
          {t("requests.decisionReason", { reason: decisionReason })}
        </Typography>
      )}
      {canDecide && request.status === "pending" && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button
            size="small"
            variant="contained"
            startIcon={<CheckOutlined />}
            onClick={() => onDecide("accept")}
            aria-label={t(`requests.acceptLabel.${kind}`, { subject })}
          >
            {t("requests.accept")}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<CloseOutlined />}
            onClick={() => onDecide("reject")}
            aria-label={t(`requests.rejectLabel.${kind}`, { subject })}
          >
            {t("requests.reject")}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

interface RequestsSectionProps {
  kind: RequestKind;
  canDecide: boolean;
  defaultStatus?: StatusFilter;
}

/** A list of invite or removal requests with its status filter and sort (spec §3), paged by the server. */
export function RequestsSection({ kind, canDecide, defaultStatus = "all" }: RequestsSectionProps) {
  const { t } = useTranslation("people");
  const headingId = useId();
  const [status, setStatus] = useState<StatusFilter>(defaultStatus);
  const first = firstRequests(defaultStatus);
  const [sort, setSort] = useState<SortOrder>(first.sort);
  const [page, setPage] = useState(first.page);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const requests = useRequests(kind, { status, sort, page, page_size: first.page_size });
  const list: AnyRequest[] = requests.data?.results ?? [];
  const firstPage = filterResetsPage(setPage);

  return (
    <Section
      id={headingId}
      title={t(`requests.title.${kind}`)}
      actions={
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <FilterSelect
            label={t("requests.status")}
            value={status}
            values={STATUSES}
            optionLabel={(value) => t(`requestStatusFilter.${value}`)}
            onChange={firstPage(setStatus)}
            sx={{ minWidth: 150 }}
          />
          <FilterSelect
            label={t("requests.sort")}
            value={sort}
            values={["desc", "asc"] as const}
            optionLabel={(value) => t(`sort.${value}`)}
            onChange={firstPage(setSort)}
            sx={{ minWidth: 150 }}
          />
        </Box>
      }
    >
      {requests.isPending ? (
        <Loading label={t("requests.loading")} />
      ) : requests.isError ? (
        <LoadFailed error={requests.error} onRetry={() => void requests.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<FactCheckOutlined />}
          title={t(`requests.empty.${kind}`)}
          description={status === "all" ? t(`requests.emptyDescription.${kind}`) : t(`requests.emptyStatus.${status}`)}
        />
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-labelledby={headingId}>
            {list.map((request) => (
              <RequestCard
                key={request.id}
                kind={kind}
                request={request}
                canDecide={canDecide}
                onDecide={(decision) => setDeciding({ kind, request, decision })}
              />
            ))}
          </Stack>
          <TablePager count={requests.data?.count ?? 0} page={page} pageSize={first.page_size} onPage={setPage} />
        </>
      )}
      {deciding && <DecideDialog deciding={deciding} onClose={() => setDeciding(null)} />}
    </Section>
  );
}
