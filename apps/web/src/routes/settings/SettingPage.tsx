import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import SchoolOutlined from "@mui/icons-material/SchoolOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import PhonelinkLockOutlined from "@mui/icons-material/PhonelinkLockOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { PageHeader } from "../../components/PageHeader";
import { PersonalProfile } from "../../features/settings/PersonalProfile";
import { ChangePassword } from "../../features/settings/ChangePassword";
import { TWO_FACTOR_HEADING_ID, TwoFactorSection } from "../../features/settings/TwoFactorSection";
import { NOTIFICATION_SETTINGS_HEADING_ID, NotificationSettings } from "../../features/notifications/NotificationSettings";
import { CALENDAR_HEADING_ID, CalendarSettings } from "../../features/calendar/CalendarSettings";
import { CHAT_HOOKS_HEADING_ID, ChatHooksCard } from "../../features/chat/ChatHooksCard";
import { SCIM_HEADING_ID, ScimCard } from "../../features/scim/ScimCard";
import SyncAltOutlined from "@mui/icons-material/SyncAltOutlined";
import { OidcCard, SSO_HEADING_ID } from "../../features/sso/OidcCard";
import { SAML_HEADING_ID, SamlCard } from "../../features/sso/SamlCard";
import { SSO_GROUPS_HEADING_ID, SsoGroupsCard } from "../../features/sso/SsoGroupsCard";
import { IMPORT_HEADING_ID, ImportLibrary } from "../../features/library/ImportLibrary";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import VpnKeyOutlined from "@mui/icons-material/VpnKeyOutlined";
import { ACCESS_TOKENS_HEADING_ID, AccessTokensSection } from "../../features/access-tokens/AccessTokensSection";
import { MY_SKILLS_HEADING_ID, MySkills } from "../../features/skills/MySkills";
import IosShareOutlined from "@mui/icons-material/IosShareOutlined";
import ExtensionOutlined from "@mui/icons-material/ExtensionOutlined";
import { SAVE_ANYWHERE_HEADING_ID, SaveAnywhere } from "../../features/settings/SaveAnywhere";
import { BrowserExtension } from "../../features/settings/BrowserExtension";
import { BROWSER_EXTENSION_HEADING_ID } from "../../features/settings/extensionLink";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import { CATALOG_SUPPLY_HEADING_ID, CatalogSupplyCard } from "../../features/library/supply/CatalogSupplyCard";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import PendingActionsOutlined from "@mui/icons-material/PendingActionsOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import ReportGmailerrorredOutlined from "@mui/icons-material/ReportGmailerrorredOutlined";
import { LRS_HEADING_ID, LrsCredentialsSection } from "../../features/lrs/LrsCredentialsSection";
import { XAPI_WAITING_HEADING_ID, XapiWaitingSection } from "../../features/lrs/XapiWaitingSection";
import { LRS_FORWARDING_HEADING_ID, LrsForwardingSection } from "../../features/lrs/LrsForwardingSection";
import { XAPI_DEAD_LETTERS_HEADING_ID, XapiDeadLettersSection } from "../../features/lrs/XapiDeadLettersSection";

interface Section {
  /** Its heading's id: the address of the section (/setting#id), as links from mails and menus name it. */
  id: string;
  label: string;
  icon: ReactNode;
  content: ReactNode;
}

/**
 * spec §2: /setting, reached from the user menu; its default item is 'Personal Profile'. One section
 * at a time, chosen in the page's own navigation (a list beside it, a menu on a phone): all of them
 * stacked made hr's page about 5,800 px tall. The address's #fragment names the section shown, so
 * links to one section (the import mail's, the user menu's extension item) keep working.
 */
export default function SettingPage() {
  const { t } = useTranslation("settings");
  const me = useMe();
  const navigate = useNavigate();
  const sections: Section[] = [
    {
      id: "personal-profile-heading",
      label: t("items.personalProfile"),
      icon: <PersonOutlined />,
      content: (
        <>
          <PersonalProfile uid={me.user.uid} />
          <ChangePassword email={me.user.email} />
        </>
      ),
    },
    // Skill levels belong to people of a company: their own ratings beside their manager's and their completions.
    ...(me.company
      ? [{ id: MY_SKILLS_HEADING_ID, label: t("items.mySkills"), icon: <SchoolOutlined />, content: <MySkills accountId={me.account.id} /> }]
      : []),
    { id: TWO_FACTOR_HEADING_ID, label: t("items.twoFactor"), icon: <PhonelinkLockOutlined />, content: <TwoFactorSection me={me} /> },
    // A library belongs to someone of a company (the platform's operators have none); tokens save into
    // one's library as oneself: people of a company only.
    ...(me.company
      ? [
          { id: IMPORT_HEADING_ID, label: t("items.import"), icon: <UploadFileOutlined />, content: <ImportLibrary /> },
          { id: ACCESS_TOKENS_HEADING_ID, label: t("items.accessTokens"), icon: <VpnKeyOutlined />, content: <AccessTokensSection /> },
          { id: SAVE_ANYWHERE_HEADING_ID, label: t("items.saveAnywhere"), icon: <IosShareOutlined />, content: <SaveAnywhere /> },
        ]
      : []),
    { id: BROWSER_EXTENSION_HEADING_ID, label: t("items.extension"), icon: <ExtensionOutlined />, content: <BrowserExtension /> },
    { id: NOTIFICATION_SETTINGS_HEADING_ID, label: t("items.notifications"), icon: <NotificationsOutlined />, content: <NotificationSettings /> },
    { id: CALENDAR_HEADING_ID, label: t("items.calendar"), icon: <EventOutlined />, content: <CalendarSettings /> },
    // The L&D leader adds the starter catalog; the L&D leader and hr follow feeds.
    ...(me.abilities.add_starter_catalog || me.abilities.manage_catalog_feeds
      ? [{ id: CATALOG_SUPPLY_HEADING_ID, label: t("items.catalogSupply"), icon: <LibraryAddOutlined />, content: <CatalogSupplyCard me={me} /> }]
      : []),
    // hr and the L&D leader connect outside course platforms and see the records that wait.
    ...(me.abilities.manage_lrs
      ? [
          { id: LRS_HEADING_ID, label: t("items.lrs"), icon: <FactCheckOutlined />, content: <LrsCredentialsSection /> },
          {
            id: XAPI_WAITING_HEADING_ID,
            label: t("items.xapiWaiting"),
            icon: <PendingActionsOutlined />,
            content: <XapiWaitingSection mayMap={me.abilities.map_xapi_activities} />,
          },
          { id: LRS_FORWARDING_HEADING_ID, label: t("items.lrsForwarding"), icon: <SendOutlined />, content: <LrsForwardingSection /> },
          { id: XAPI_DEAD_LETTERS_HEADING_ID, label: t("items.lrsDeadLetters"), icon: <ReportGmailerrorredOutlined />, content: <XapiDeadLettersSection /> },
        ]
      : []),
    ...(me.abilities.manage_chat_hooks
      ? [{ id: CHAT_HOOKS_HEADING_ID, label: t("items.chatHooks"), icon: <ForumOutlined />, content: <ChatHooksCard /> }]
      : []),
    ...(me.abilities.manage_scim_token ? [{ id: SCIM_HEADING_ID, label: t("items.scim"), icon: <SyncAltOutlined />, content: <ScimCard /> }] : []),
    ...(me.abilities.manage_sso
      ? [
          { id: SSO_HEADING_ID, label: t("items.sso"), icon: <KeyOutlined />, content: <OidcCard /> },
          { id: SAML_HEADING_ID, label: t("items.saml"), icon: <KeyOutlined />, content: <SamlCard /> },
          { id: SSO_GROUPS_HEADING_ID, label: t("items.ssoGroups"), icon: <GroupsOutlined />, content: <SsoGroupsCard /> },
        ]
      : []),
  ];
  const { hash } = useLocation();
  const asked = decodeURIComponent(hash.slice(1));
  const current = sections.find((section) => section.id === asked) ?? sections[0]!;
  // A section chosen (or linked to) is brought into view: on a phone it sits below the menu.
  useEffect(() => {
    if (asked) document.getElementById(asked)?.scrollIntoView?.();
  }, [asked]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "240px minmax(0, 1fr)" }, alignItems: "start" }}>
        <Paper variant="outlined" component="nav" aria-label={t("itemsLabel")} sx={{ display: { xs: "none", md: "block" } }}>
          <List>
            {sections.map((section) => (
              <li key={section.id}>
                <ListItemButton
                  component={RouterLink}
                  to={{ hash: section.id }}
                  selected={section === current}
                  aria-current={section === current ? "page" : undefined}
                >
                  <ListItemIcon>{section.icon}</ListItemIcon>
                  <ListItemText primary={section.label} />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Paper>
        <TextField
          select
          label={t("itemsLabel")}
          value={current.id}
          onChange={(e) => void navigate({ hash: e.target.value })}
          slotProps={{ select: { native: true } }}
          sx={{ display: { xs: "flex", md: "none" } }}
        >
          {sections.map((section) => (
            <option key={section.id} value={section.id}>
              {section.label}
            </option>
          ))}
        </TextField>
        <Stack spacing={3} sx={{ maxWidth: 640, minWidth: 0 }}>
          {current.content}
        </Stack>
      </Box>
    </>
  );
}
