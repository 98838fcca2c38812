import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
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
      <Suspense fallback={null}>{adding && <AddContentDialog open onClose={() => setAdding(false)} />}</Suspense>
    </>
  );
}

/** /home, and /profile/:username for a colleague's public saves (the same page, read-only). */
export default function HomePage() {
  const { username } = useParams();
  if (username !== undefined) {
    return (
      <Suspense fallback={<Spinner />}>
        <ColleagueLibraryPage username={username} />
      </Suspense>
    );
  }
  return <MyLibrary />;
}
