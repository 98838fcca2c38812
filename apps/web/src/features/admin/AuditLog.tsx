import { useCallback, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useScreenQuery } from "../../app/renderHints";
import type { Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { Role } from "@learnward/contracts";
import type { AuditEntity, AuditEntry, AuditParams } from "./api";
import { auditChanges, auditCurrency, auditField, type Change } from "./audit";
import { useAudit } from "./hooks";
import { LoadFailed, Loading, useFormatDate, useFormatDateTime, useFormatMoney, usePeriodLabel, useRoleLabel } from "./ui";
import { TablePager } from "../../components/TablePager";
import { DataTable, type Columns } from "../../components/DataTable";

/** The name of the company `id` refers to in an entry, as the server sent it with the entry. */
const companyName = (entry: Pick<AuditEntry, "company_names">, id: unknown): string | null =>
  typeof id === "number" ? (entry.company_names[String(id)] ?? null) : null;

/** An audited value of `entry` as a person reads it: money in its currency, roles and statuses translated, ids named. */
function useFormatValue() {
  const { t, i18n } = useTranslation("admin");
  const roleLabel = useRoleLabel();
  const money = useFormatMoney();
  const date = useFormatDate();
  return useCallback(
    (entry: AuditEntry, field: string, value: unknown, currency: string | null): string => {
      if (value === null || value === undefined || value === "") return t("audit.none");
      if (Array.isArray(value)) {
        if (!value.length) return t("audit.none");
        // A plan's assignees are ids: say what each is.
        if (field === "team_ids") return value.map((id) => t("audit.teamId", { id: String(id) })).join(", ");
        if (field === "account_ids") return value.map((id) => t("audit.accountId", { id: String(id) })).join(", ");
        return value.join(", ");
      }
      if (typeof value === "boolean") return value ? t("audit.on") : t("audit.off");
      if (field === "url_photo" && typeof value === "string") return value.startsWith("data:") ? t("audit.uploadedImage") : value;
      if (field.endsWith("_minor") && typeof value === "number" && currency) return money(value, currency);
      if (field === "company_id") return companyName(entry, value) ?? t("audit.companyId", { id: String(value) });
      if (field === "team_id") return t("audit.teamId", { id: String(value) });
      if (field === "role" && Role.safeParse(value).success) return roleLabel(Role.parse(value));
      if (field === "status" && i18n.exists(`admin:status.${String(value)}`)) return t(`status.${value as "active"}`);
      if (field === "period" && (value === "year" || value === "month")) return t(`audit.period.${value}`);
      if (field === "period_start" && typeof value === "string") return date(`${value}T00:00:00Z`);
      return String(value);
    },
    [t, i18n, roleLabel, money, date],
  );
}

/** What an entry is about, for the page-wide lists where entries of many things mix. */
export function useAuditSubject(): (entry: AuditEntry) => string {
  const { t } = useTranslation("admin");
  const periodLabel = usePeriodLabel();
  return useCallback(
    (entry: AuditEntry) => {
      const field = (name: string) => auditField(entry, name);
      const fallback = t(`audit.subject.${entry.entity}`, { id: entry.entity_id });
      if (entry.entity === "company") return typeof field("name") === "string" ? String(field("name")) : fallback;
      if (entry.entity === "invitation") return typeof field("email") === "string" ? String(field("email")) : fallback;
      // The snapshot's company, else the company the event happened in.
      const company = companyName(entry, field("company_id")) ?? companyName(entry, entry.company_id);
      // Security events carry who they were about ({ email, ip_address }); they may concern no row.
      if (entry.entity === "sign_in" || entry.entity === "two_factor") {
        const email = field("email");
        if (typeof email !== "string") return fallback;
        return company ? t("audit.inCompany", { what: email, company }) : email;
      }
      if (entry.entity === "plan" || entry.entity === "publish_request") {
        const title = field("title");
        if (typeof title !== "string") return fallback;
        return company ? t("audit.inCompany", { what: title, company }) : title;
      }
      if (entry.entity === "account") {
        const username = field("username");
        if (typeof username !== "string") return fallback;
        return company ? t("audit.inCompany", { what: username, company }) : username;
      }
      const period = field("period");
      const start = field("period_start");
      if ((period === "year" || period === "month") && typeof start === "string") {
        const label = periodLabel(period, start);
        return company ? t("audit.inCompany", { what: label, company }) : label;
      }
      return fallback;
    },
    [t, periodLabel],
  );
}

function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation("admin");
  const format = useFormatValue();
  const changes: Change[] = auditChanges(entry);
  const currency = auditCurrency(entry);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t("audit.noFieldChanges")}
      </Typography>
    );
  const label = (field: string) => (i18n.exists(`admin:audit.fields.${field}`) ? t(`audit.fields.${field}` as "audit.fields.name") : field);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, "& li": { overflowWrap: "anywhere" } }}>
      {changes.map((change) => (
        <Typography component="li" variant="body2" key={change.field}>
          <strong>{label(change.field)}</strong>
          {": "}
          {change.before === null && change.after !== null
            ? format(entry, change.field, change.after, currency)
            : t("audit.fromTo", { before: format(entry, change.field, change.before, currency), after: format(entry, change.field, change.after, currency) })}
        </Typography>
      ))}
    </Box>
  );
}

/** The entries of the admin audit log: who, when, what, before and after, and why. */
export function AuditTable({ entries, label, showSubject }: { entries: AuditEntry[]; label: string; showSubject: boolean }) {
  const { t, i18n } = useTranslation("admin");
  const formatDateTime = useFormatDateTime();
  const subject = useAuditSubject();
  // On a phone six columns don't fit: each entry becomes a small block of its own.
  const compact = useScreenQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const action = (name: string) => (i18n.exists(`admin:audit.actions.${name}`) ? t(`audit.actions.${name}` as "audit.actions.create") : name);
  // A sign-in that failed, or a code given before any session, was made by nobody signed in.
  const who = (entry: AuditEntry) =>
    entry.actor?.display_name ?? (entry.entity === "sign_in" || entry.entity === "two_factor" ? t("audit.anonymous") : t("audit.system"));
  if (compact) {
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(entry.created_at)} · {who(entry)}
            </Typography>
            <Typography sx={{ fontWeight: 600, my: 0.5 }}>
              {action(entry.action)}
              {showSubject && ` · ${subject(entry)}`}
            </Typography>
            <ChangeList entry={entry} />
            {entry.reason && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                <strong>{t("audit.columns.reason")}</strong>: {entry.reason}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    );
  }
  const columns: Columns<AuditEntry> = [
    { key: "when", header: t("audit.columns.when"), cellSx: { whiteSpace: "nowrap" }, cell: (entry) => formatDateTime(entry.created_at) },
    { key: "who", header: t("audit.columns.who"), cell: who },
    { key: "action", header: t("audit.columns.action"), cell: (entry) => action(entry.action) },
    showSubject && { key: "subject", header: t("audit.columns.subject"), cell: subject },
    { key: "changes", header: t("audit.columns.changes"), cellSx: { minWidth: 220 }, cell: (entry) => <ChangeList entry={entry} /> },
    { key: "reason", header: t("audit.columns.reason"), cellSx: { minWidth: 140 }, cell: (entry) => entry.reason ?? t("audit.none") },
  ];
  return (
    <DataTable
      label={label}
      outlined={false}
      minWidth={showSubject ? 760 : 600}
      rowSx={{ verticalAlign: "top" }}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty={null}
    />
  );
}

interface AuditLogProps {
  /** One kind of thing (every company), or with `entityId` one thing (company 3); none: everything. */
  entity?: AuditEntity;
  entityId?: number;
  label: string;
  pageSize?: number;
  /** Offers these kinds of thing to choose from, above the list (which starts with every kind). */
  filter?: readonly AuditEntity[];
}

const AUDIT_PAGE_SIZE = 10;

/** The first page an AuditLog of one kind of thing (`entity`, every company) opens with: a page's first data. */
export const firstAudit = (entity: AuditEntity): AuditParams => ({ entity, page: 1, page_size: AUDIT_PAGE_SIZE });

/** What the security events list offers to narrow to (invitations included: resent ones show there). */
export const SECURITY_EVENTS = [
  "sign_in",
  "two_factor",
  "outbox",
  "account",
  "invitation",
  "publish_request",
  "plan",
] as const satisfies readonly AuditEntity[];

/** The first page the security events list (every kind, until one is chosen) opens with: a page's first data. */
export const FIRST_SECURITY_EVENTS: AuditParams = { page: 1, page_size: 20 };

/** The audit entries asked for, newest first, a page at a time, straight from GET /admin/audit/. */
export function AuditLog({ entity, entityId, label, pageSize = AUDIT_PAGE_SIZE, filter }: AuditLogProps) {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AuditEntity | "">("");
  const shown = filter ? chosen || undefined : entity;
  const audit = useAudit({ entity: shown, entity_id: entityId, page, page_size: pageSize });
  let list: ReactNode;
  if (audit.isPending) list = <Loading label={t("audit.loading")} />;
  else if (audit.isError) list = <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />;
  else if (audit.data.results.length === 0) list = <Typography color="text.secondary">{t("audit.empty")}</Typography>;
  else {
    list = (
      <>
        <AuditTable entries={audit.data.results} label={label} showSubject={entityId === undefined} />
        {audit.data.count > pageSize && <TablePager count={audit.data.count} page={page} pageSize={pageSize} onPage={setPage} />}
      </>
    );
  }
  if (!filter) return list;
  return (
    <>
      <TextField
        select
        size="small"
        label={t("audit.kind")}
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value as AuditEntity | "");
          setPage(1);
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2, minWidth: 220, maxWidth: "100%" }}
      >
        <MenuItem value="">{t("audit.allKinds")}</MenuItem>
        {filter.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`audit.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {list}
    </>
  );
}
