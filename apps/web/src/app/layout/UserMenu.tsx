import { lazy, Suspense, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import IconButton from "@mui/material/IconButton";
import AccountCircle from "@mui/icons-material/AccountCircle";
import { useTranslation } from "react-i18next";
import type { Me } from "@learnward/contracts";
import { signOut } from "../../features/identity/hooks";
import { toast } from "../../lib/toast";
import { initials } from "./initials";
// Not lazy: on a page the server rendered, a click on a part still waiting for its code is lost.
import UserAvatar from "./UserAvatar";

const UserMenuList = lazy(() => import("./UserMenuList"));

/** spec §2: settings and logout when signed in; a login entry when signed out unless hidden. */
export function UserMenu({ me, hideLogin = false }: { me: Me | null; hideLogin?: boolean }) {
  const { t } = useTranslation(["common", "errors"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);

  if (!me && hideLogin) return null;

  const logout = async () => {
    close();
    const { ok } = await signOut(queryClient);
    // spec §8: a failed sign-out shows a generic unknown-error text and still goes to /login.
    if (!ok) toast(t("errors:unknown"), "error");
    await navigate("/login", { replace: true });
  };

  return (
    <>
      <IconButton
        // The name holds the initials the avatar shows, so people who speak to their computer can say them (WCAG 2.5.3).
        aria-label={me ? t("userMenu.labelWithInitials", { initials: initials(me.user.displayName || me.user.email) }) : t("userMenu.label")}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setEverOpened(true);
        }}
        sx={{ p: 0.5 }}
      >
        {me ? <UserAvatar user={me.user} /> : <AccountCircle sx={{ fontSize: 36 }} />}
      </IconButton>
      {everOpened && (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} anchor={anchor} me={me} onClose={close} onLogout={() => void logout()} />
        </Suspense>
      )}
    </>
  );
}
