import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ComplianceTeamRow } from "@learnward/contracts";
import { DataTable } from "../../components/DataTable";
import { SectionCard } from "../insights/SectionCard";
import { COMPLIANCE_CSV } from "./api";
import { useComplianceByTeam } from "./hooks";

const COUNTS = ["on_time", "due", "overdue", "expired"] as const;

/** Insights' compliance section, for whoever may read it (the server's read_compliance ability): counts per team and the auditors' CSV. */
export function ComplianceByTeam() {
  const { t, i18n } = useTranslation("insights");
  const teams = useComplianceByTeam(true);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <SectionCard title={t("compliance.heading")} csvHref={COMPLIANCE_CSV}>
      <DataTable<ComplianceTeamRow>
        label={t("compliance.heading")}
        outlined={false}
        query={teams}
        columns={[
          { key: "team", header: t("compliance.team"), rowHeader: true, cell: (r) => r.team_name ?? t("compliance.noTeam") },
          ...COUNTS.map((status) => ({
            key: status,
            header: t(`compliance.status.${status}`),
            align: "right" as const,
            cell: (r: ComplianceTeamRow) => number(r[status]),
          })),
        ]}
        rows={teams.data?.results ?? []}
        rowKey={(r) => r.team_id ?? "none"}
        empty={<Typography color="text.secondary">{t("compliance.empty")}</Typography>}
      />
    </SectionCard>
  );
}
