import { useId } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import BadgeOutlined from "@mui/icons-material/BadgeOutlined";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/EmptyState";

// spec §2: the tab comes from the query: 1 teams, 2 employees, 3 approvals.
const TABS = [
  { value: "1", key: "teams", icon: <GroupsOutlined /> },
  { value: "2", key: "employees", icon: <BadgeOutlined /> },
  { value: "3", key: "approvals", icon: <FactCheckOutlined /> },
] as const;

export function tabFromQuery(value: string | null): (typeof TABS)[number] {
  return TABS.find((tab) => tab.value === value) ?? TABS[0];
}

export default function PeopleManagementPage() {
  const { t } = useTranslation("people");
  const [params, setParams] = useSearchParams();
  const current = tabFromQuery(params.get("tab"));
  const baseId = useId();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
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
          {TABS.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              label={t(`tabs.${tab.key}`)}
              id={`${baseId}-tab-${tab.value}`}
              aria-controls={`${baseId}-panel-${tab.value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${baseId}-panel-${current.value}`} aria-labelledby={`${baseId}-tab-${current.value}`}>
        <EmptyState
          title={t(`${current.key}.emptyTitle`)}
          description={t(`${current.key}.emptyDescription`)}
          icon={current.icon}
        />
      </Box>
    </>
  );
}
