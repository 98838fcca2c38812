import type { ReactNode } from "react";
import { useLocation } from "react-router";
import Box from "@mui/material/Box";
import { LAYOUT } from "@learnward/contracts";
import { useOptionalMe } from "../session";
import { TopBar } from "./TopBar";
import { Footer } from "./Footer";
import { SkipLink, MAIN_CONTENT_ID } from "./SkipLink";
import { PageOutlet } from "./PageOutlet";

/** Header, page and footer for screens open without sign-in. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const me = useOptionalMe();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <TopBar me={me} hideLogin={pathname === "/login" || pathname.startsWith("/login/")} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, width: "100%", maxWidth: LAYOUT.footerMaxWidth, mx: "auto", px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 }, outline: "none" }}
      >
        <PageOutlet>{children}</PageOutlet>
      </Box>
      <Footer companyName={me?.company?.name ?? null} />
    </Box>
  );
}

export default PublicLayout;
