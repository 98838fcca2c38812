import { useId, type ReactElement } from "react";
import { Navigate } from "react-router";
import { usePageSearchParams } from "../../lib/pageSearchParams";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import BadgeOutlined from "@mui/icons-material/BadgeOutlined";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { homePathFor } from "../../features/identity/hooks";
import { NotAllowed } from "../../components/NotAllowed";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/EmptyState";
import { peopleAbilities } from "../../features/people/abilities";
import { TeamsTab } from "../../features/people/TeamsTab";
import { EmployeesTab } from "../../features/people/EmployeesTab";
import { ApprovalsTab } from "../../features/people/ApprovalsTab";

// spec §2: the tab comes from the query: 1 teams, 2 employees, 3 approvals.
const TABS = [
  { value: "1", key: "teams", icon: <GroupsOutlined /> },
  { value: "2", key: "employees", icon: <BadgeOutlined /> },
  { value: "3", key: "approvals", icon: <FactCheckOutlined /> },
] as const;
type TabDef = (typeof TABS)[number];

/** The tab the query names, among those the viewer may open; otherwise the first of them. */
export function tabFromQuery(value: string | null, available: readonly TabDef[] = TABS): TabDef {
  return available.find((tab) => tab.value === value) ?? available[0] ?? TABS[0];
}

export default function PeopleManagementPage() {
  const { t } = useTranslation("people");
  const me = useMe();
  const [params, setParams] = usePageSearchParams();
  const baseId = useId();
  const { team } = me.account;
  const can = peopleAbilities(me.abilities);

  // spec §6: a team leader's people management is their own team.
  if (me.abilities.see_own_team) {
    if (team) return <Navigate to={`/peopleManagement/team/${team.id}`} replace />;
    return (
      <>
        <PageHeader title={t("title")} />
        <EmptyState icon={<GroupsOutlined />} title={t("noTeam.title")} description={t("noTeam.description")} />
      </>
    );
  }
  if (!can.directory) return <NotAllowed homePath={homePathFor(me.abilities)} />;

  // The L&D leader reads teams and employees; approvals are hr's (the server refuses them the list).
  const available = TABS.filter((tab) => tab.key !== "approvals" || can.decide);
  const current = tabFromQuery(params.get("tab"), available);
  const panels: Record<TabDef["key"], () => ReactElement> = {
    teams: () => <TeamsTab canManage={can.manage} />,
    employees: () => <EmployeesTab canManage={can.manage} myAccountId={me.account.id} />,
    approvals: () => <ApprovalsTab canDecide={can.decide} />,
  };

  return (
    <>
      <PageHeader title={t("title")} description={can.manage ? t("description") : t("descriptionReadOnly")} />
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs
          value={current.value}
          onChange={(_event, value: string) => {
            const next = new URLSearchParams(params);
            next.set("tab", value);
            setParams(next);
          }}
          aria-label={t("tabsLabel")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {available.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              icon={tab.icon}
              iconPosition="start"
              label={t(`tabs.${tab.key}`)}
              id={`${baseId}-tab-${tab.value}`}
              aria-controls={`${baseId}-panel-${tab.value}`}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel-${current.value}`} aria-labelledby={`${baseId}-tab-${current.value}`}>
        {panels[current.key]()}
      </Box>
    </>
  );
}
