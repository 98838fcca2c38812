import { useEffect } from "react";
import { useLocation } from "react-router";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
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
import IosShareOutlined from "@mui/icons-material/IosShareOutlined";
import ExtensionOutlined from "@mui/icons-material/ExtensionOutlined";
import { SAVE_ANYWHERE_HEADING_ID, SaveAnywhere } from "../../features/settings/SaveAnywhere";
import { BrowserExtension } from "../../features/settings/BrowserExtension";
import { BROWSER_EXTENSION_HEADING_ID } from "../../features/settings/extensionLink";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import { CATALOG_SUPPLY_HEADING_ID, CatalogSupplyCard } from "../../features/library/supply/CatalogSupplyCard";

/** spec §2: /setting, reached from the user menu; its default item is 'Personal Profile'. */
export default function SettingPage() {
  const { t } = useTranslation("settings");
  const me = useMe();
  // The L&D leader adds the starter catalog; the L&D leader and hr follow feeds.
  const supplies = me.abilities.add_starter_catalog || me.abilities.manage_catalog_feeds;
  // A link from elsewhere in the app to one section (the user menu's to the extension): the browser
  // scrolls to it only on a full load, and the section renders after the page's code has arrived.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "240px minmax(0, 1fr)" }, alignItems: "start" }}>
        <Paper variant="outlined" component="nav" aria-label={t("itemsLabel")}>
          <List>
            <li>
              <ListItemButton selected aria-current="page" href="#personal-profile-heading" component="a">
                <ListItemIcon>
                  <PersonOutlined />
                </ListItemIcon>
                <ListItemText primary={t("items.personalProfile")} />
              </ListItemButton>
            </li>
            <li>
              <ListItemButton href={`#${TWO_FACTOR_HEADING_ID}`} component="a">
                <ListItemIcon>
                  <PhonelinkLockOutlined />
                </ListItemIcon>
                <ListItemText primary={t("items.twoFactor")} />
              </ListItemButton>
            </li>
            {me.company && (
              <li>
                <ListItemButton href={`#${IMPORT_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <UploadFileOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.import")} />
                </ListItemButton>
              </li>
            )}
            {me.company && (
              <li>
                <ListItemButton href={`#${ACCESS_TOKENS_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <VpnKeyOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.accessTokens")} />
                </ListItemButton>
              </li>
            )}
            {me.company && (
              <li>
                <ListItemButton href={`#${SAVE_ANYWHERE_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <IosShareOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.saveAnywhere")} />
                </ListItemButton>
              </li>
            )}
            <li>
              <ListItemButton href={`#${BROWSER_EXTENSION_HEADING_ID}`} component="a">
                <ListItemIcon>
                  <ExtensionOutlined />
                </ListItemIcon>
                <ListItemText primary={t("items.extension")} />
              </ListItemButton>
            </li>
            <li>
              <ListItemButton href={`#${NOTIFICATION_SETTINGS_HEADING_ID}`} component="a">
                <ListItemIcon>
                  <NotificationsOutlined />
                </ListItemIcon>
                <ListItemText primary={t("items.notifications")} />
              </ListItemButton>
            </li>
            <li>
              <ListItemButton href={`#${CALENDAR_HEADING_ID}`} component="a">
                <ListItemIcon>
                  <EventOutlined />
                </ListItemIcon>
                <ListItemText primary={t("items.calendar")} />
              </ListItemButton>
            </li>
            {supplies && (
              <li>
                <ListItemButton href={`#${CATALOG_SUPPLY_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <LibraryAddOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.catalogSupply")} />
                </ListItemButton>
              </li>
            )}
            {me.abilities.manage_chat_hooks && (
              <li>
                <ListItemButton href={`#${CHAT_HOOKS_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <ForumOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.chatHooks")} />
                </ListItemButton>
              </li>
            )}
            {me.abilities.manage_scim_token && (
              <li>
                <ListItemButton href={`#${SCIM_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <SyncAltOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.scim")} />
                </ListItemButton>
              </li>
            )}
            {me.abilities.manage_sso && (
              <li>
                <ListItemButton href={`#${SSO_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <KeyOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.sso")} />
                </ListItemButton>
              </li>
            )}
            {me.abilities.manage_sso && (
              <li>
                <ListItemButton href={`#${SAML_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <KeyOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.saml")} />
                </ListItemButton>
              </li>
            )}
            {me.abilities.manage_sso && (
              <li>
                <ListItemButton href={`#${SSO_GROUPS_HEADING_ID}`} component="a">
                  <ListItemIcon>
                    <GroupsOutlined />
                  </ListItemIcon>
                  <ListItemText primary={t("items.ssoGroups")} />
                </ListItemButton>
              </li>
            )}
          </List>
        </Paper>
        <Stack spacing={3} sx={{ maxWidth: 640 }}>
          <PersonalProfile uid={me.user.uid} />
          <ChangePassword email={me.user.email} />
          <TwoFactorSection me={me} />
          {/* A library belongs to someone of a company (the platform's operators have none). */}
          {me.company && <ImportLibrary />}
          {/* Tokens save into one's library as oneself: people of a company only. */}
          {me.company && <AccessTokensSection />}
          {me.company && <SaveAnywhere />}
          <BrowserExtension />
          <NotificationSettings />
          <CalendarSettings />
          {supplies && <CatalogSupplyCard me={me} />}
          {me.abilities.manage_chat_hooks && <ChatHooksCard />}
          {me.abilities.manage_scim_token && <ScimCard />}
          {me.abilities.manage_sso && <OidcCard />}
          {me.abilities.manage_sso && <SamlCard />}
          {me.abilities.manage_sso && <SsoGroupsCard />}
        </Stack>
      </Box>
    </>
  );
}
