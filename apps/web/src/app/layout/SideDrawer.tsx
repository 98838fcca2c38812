import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import ExploreOutlined from "@mui/icons-material/ExploreOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import RouteOutlined from "@mui/icons-material/RouteOutlined";
import LocalLibraryOutlined from "@mui/icons-material/LocalLibraryOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import PublishOutlined from "@mui/icons-material/PublishOutlined";
import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import SavingsOutlined from "@mui/icons-material/SavingsOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import OutboxOutlined from "@mui/icons-material/OutboxOutlined";
import { useTranslation } from "react-i18next";
import { LAYOUT, type Me } from "@learnward/contracts";
import { PRODUCT_NAME } from "../config";
import { useCompanyProfile } from "../../features/company/hooks";
import { activeNavKey, menuFor, type NavKey } from "./menu";
import { ProductLogo } from "./ProductLogo";

const ICONS: Record<NavKey, ReactElement> = {
  home: <HomeOutlined />,
  discover: <ExploreOutlined />,
  insights: <InsightsOutlined />,
  learningPaths: <RouteOutlined />,
  library: <LocalLibraryOutlined />,
  myTasks: <TaskAltOutlined />,
  publishRequests: <PublishOutlined />,
  teamBudget: <AccountBalanceWalletOutlined />,
  companyBudget: <AccountBalanceOutlined />,
  purchaseRequests: <ShoppingCartOutlined />,
  peopleManagement: <GroupsOutlined />,
  skillboost: <TrendingUpOutlined />,
  admin: <AdminPanelSettingsOutlined />,
  companies: <ApartmentOutlined />,
  budgetManagement: <SavingsOutlined />,
  adminPeople: <ManageAccountsOutlined />,
  outbox: <OutboxOutlined />,
};

export const DRAWER_ID = "app-drawer";

interface SideDrawerProps {
  me: Me;
  pathname: string;
  /** Temporary drawer (850px and below) instead of the permanent one. */
  mobile: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

function CompanyHeader({ me, collapsed }: { me: Me; collapsed: boolean }) {
  const { t } = useTranslation();
  const domain = me.account.domain;
  const { data: company } = useCompanyProfile(domain, me.account.company_id !== null, me.company);
  // Platform admins have no company: they see the product's own branding.
  const name = company?.name ?? PRODUCT_NAME;
  const logoLabel = t("drawer.logoAlt", { name });
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, px: collapsed ? 1.5 : 2, py: 2, minHeight: 72 }}>
      {company ? (
        <Avatar src={company.url_photo ?? undefined} alt={logoLabel} variant="rounded" sx={{ width: 44, height: 44, bgcolor: "primary.main" }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      ) : (
        <ProductLogo size={44} label={logoLabel} />
      )}
      {!collapsed && (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {company ? company.domain : t("drawer.platform")}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

function Navigation({ me, pathname, collapsed, onNavigate }: { me: Me; pathname: string; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const groups = menuFor({ abilities: me.abilities, teamId: me.account.team?.id ?? null, pathname });
  const active = activeNavKey(groups, pathname);
  return (
    <Box component="nav" aria-label={t("nav.label")} sx={{ overflowY: "auto", overflowX: "hidden", flex: 1 }}>
      {groups.map((group, index) => (
        <List
          key={group.key}
          dense
          aria-label={group.titled ? t(`nav.groups.${group.key}`) : undefined}
          subheader={
            group.titled && !collapsed ? (
              <ListSubheader component="li" disableSticky sx={{ lineHeight: "32px", mt: 1 }}>
                {t(`nav.groups.${group.key}`)}
              </ListSubheader>
            ) : undefined
          }
        >
          {collapsed && index > 0 && <Divider component="li" sx={{ my: 1 }} />}
          {group.items.map((item) => {
            const label = t(`nav.items.${item.key}`);
            const selected = item.key === active;
            const button = (
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                aria-current={selected ? "page" : undefined}
                aria-label={collapsed ? label : undefined}
                onClick={onNavigate}
                sx={{ mx: 1, borderRadius: 2, minHeight: 44, justifyContent: collapsed ? "center" : "flex-start", px: collapsed ? 1.5 : 2 }}
              >
                <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, justifyContent: "center" }}>{ICONS[item.key]}</ListItemIcon>
                {!collapsed && <ListItemText primary={label} />}
              </ListItemButton>
            );
            return (
              <li key={item.key}>
                {collapsed ? (
                  <Tooltip title={label} placement="right">
                    {button}
                  </Tooltip>
                ) : (
                  button
                )}
              </li>
            );
          })}
        </List>
      ))}
    </Box>
  );
}

/** spec §2/§9: company logo and domain; 300 open, 73 collapsed; temporary at 850px and below. */
export function SideDrawer({ me, pathname, mobile, collapsed, mobileOpen, onMobileClose }: SideDrawerProps) {
  const { t } = useTranslation();
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{
          paper: { id: DRAWER_ID, sx: { width: LAYOUT.drawerOpen }, "aria-label": t("nav.menu") },
        }}
      >
        <CompanyHeader me={me} collapsed={false} />
        <Divider />
        <Navigation me={me} pathname={pathname} collapsed={false} onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const width = collapsed ? LAYOUT.drawerClosed : LAYOUT.drawerOpen;
  const transition = "width 200ms ease";
  return (
    <Drawer
      variant="permanent"
      // The column keeps its colour and border below the sticky paper on long pages.
      sx={{ width, flexShrink: 0, transition, bgcolor: "background.paper", borderRight: 1, borderColor: "divider" }}
      slotProps={{
        paper: {
          id: DRAWER_ID,
          sx: {
            width,
            transition,
            overflowX: "hidden",
            position: "sticky",
            top: LAYOUT.headerHeight,
            height: `calc(100vh - ${LAYOUT.headerHeight}px)`,
            boxSizing: "border-box",
            borderRight: "none",
          },
        },
      }}
    >
      <CompanyHeader me={me} collapsed={collapsed} />
      <Divider />
      <Navigation me={me} pathname={pathname} collapsed={collapsed} />
    </Drawer>
  );
}
