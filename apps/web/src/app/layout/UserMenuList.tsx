import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import Login from "@mui/icons-material/Login";
import Logout from "@mui/icons-material/Logout";
import Settings from "@mui/icons-material/Settings";
import Extension from "@mui/icons-material/Extension";
import { useTranslation } from "react-i18next";
import type { Me } from "@learnward/contracts";
import { readIntegrations } from "../config";
import { extensionLink } from "../../features/settings/extensionLink";

export interface UserMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  me: Me | null;
  onClose: () => void;
  onLogout: () => void;
}

/** The user menu's entries; loaded on first open, so screens that never open it do not pay for Menu. */
export default function UserMenuList({ id, anchor, me, onClose, onLogout }: UserMenuListProps) {
  const { t } = useTranslation();
  // spec §1: the browser-extension link: the store page for this browser, or the settings' section about it.
  const extension = extensionLink(readIntegrations(), navigator.userAgent);
  const extensionLabel = (
    <>
      <ListItemIcon>
        <Extension fontSize="small" />
      </ListItemIcon>
      {t("userMenu.extension")}
    </>
  );
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
    >
      {me
        ? [
            <Box key="who" sx={{ px: 2, py: 1, maxWidth: 280 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {me.user.displayName}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {me.user.email}
              </Typography>
            </Box>,
            <Divider key="divider" />,
            <MenuItem key="settings" component={RouterLink} to="/setting" onClick={onClose}>
              <ListItemIcon>
                <Settings fontSize="small" />
              </ListItemIcon>
              {t("userMenu.settings")}
            </MenuItem>,
            extension.external ? (
              <MenuItem key="extension" component="a" href={extension.href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                {extensionLabel}
              </MenuItem>
            ) : (
              <MenuItem key="extension" component={RouterLink} to={extension.href} onClick={onClose}>
                {extensionLabel}
              </MenuItem>
            ),
            <MenuItem key="logout" onClick={onLogout}>
              <ListItemIcon>
                <Logout fontSize="small" />
              </ListItemIcon>
              {t("userMenu.logout")}
            </MenuItem>,
          ]
        : [
            <MenuItem key="login" component={RouterLink} to="/login" onClick={onClose}>
              <ListItemIcon>
                <Login fontSize="small" />
              </ListItemIcon>
              {t("userMenu.login")}
            </MenuItem>,
          ]}
    </Menu>
  );
}
