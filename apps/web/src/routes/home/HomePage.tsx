import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import AddOutlined from "@mui/icons-material/AddOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/session";
import { PageHeader } from "../../components/PageHeader";
import { LibraryBrowser } from "../../features/library/LibraryBrowser";
import { HomeSections } from "../../features/home/HomeSections";
import { Loading } from "../../components/Loading";
import { lazyPart } from "../../app/lazyPart";
import { sharedFromState, sharedLink } from "../../features/library/shared";

const AddContentDialog = lazy(() => import("../../features/library/AddContentDialog"));
// The folders UI, and dnd-kit with it, loads only when the Folders tab opens.
const FoldersPanel = lazyPart("home.folders", () => import("../../features/library/folders/FoldersPanel"));
const ColleagueLibraryPage = lazyPart("home.colleague", () => import("./ColleagueLibraryPage"));

function Spinner() {
  const { t } = useTranslation("home");
  return <Loading label={t("list.loading")} py={6} />;
}

/** /home: what needs me, above my library (spec §2) with its folders. */
function MyLibrary() {
  const { t } = useTranslation("home");
  const me = useMe();
  const [adding, setAdding] = useState(false);
  // A link shared to Learnward (/share, below) opens the dialog with it; closing it forgets the share,
  // so that going back or reloading does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const shared = sharedFromState(location.state);
  const closeDialog = () => {
    setAdding(false);
    if (shared) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };
  const addButton = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)} aria-haspopup="dialog">
      {t("add.open")}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("welcome", { name: me.user.displayName || me.user.email })}
        actions={
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
            <Button component={RouterLink} to={`/profile/${encodeURIComponent(me.account.username)}`} startIcon={<VisibilityOutlined />}>
              {t("viewAsColleagues")}
            </Button>
            {addButton}
          </Box>
        }
      />
      <HomeSections />
      <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        {t("sections.library")}
      </Typography>
      <LibraryBrowser
        emptyAction={addButton}
        folders={
          <Suspense fallback={<Spinner />}>
            <FoldersPanel />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        {(adding || shared) && <AddContentDialog key={location.key} open onClose={closeDialog} shared={shared ?? undefined} />}
      </Suspense>
    </>
  );
}

/**
 * /share: where a phone's share sheet (the manifest's share target) and the bookmarklet send a link.
 * It goes on to /home, whose save dialog opens with the link; the address bar shows /home, so the
 * shared link does not stay in the history to be opened again.
 */
function Share() {
  const [params] = useSearchParams();
  return <Navigate to="/home" replace state={{ share: sharedLink(params) }} />;
}

/** /home, /profile/:username for a colleague's public saves (the same page, read-only), and /share. */
export default function HomePage() {
  const { username } = useParams();
  const { pathname } = useLocation();
  if (/^\/share\/?$/i.test(pathname)) return <Share />;
  if (username !== undefined) {
    return (
      <Suspense fallback={<Spinner />}>
        <ColleagueLibraryPage username={username} />
      </Suspense>
    );
  }
  return <MyLibrary />;
}
