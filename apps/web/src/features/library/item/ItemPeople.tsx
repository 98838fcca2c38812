import { Link as RouterLink } from "react-router";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ContentItemDetail } from "@learnward/contracts";
import { imageSources } from "../../../components/Img";
import { initials } from "../../../app/layout/initials";

/** The folders of mine an item is in, each a link to it in the library's Folders tab. */
export function ItemFolders({ folders }: { folders: ContentItemDetail["folders"] }) {
  const { t } = useTranslation("home");
  if (folders.length === 0) return <Typography color="text.secondary">{t("item.folders.none")}</Typography>;
  return (
    <Box component="ul" aria-label={t("item.folders.label")} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
      {folders.map((folder) => (
        <li key={folder.id}>
          <Link component={RouterLink} to={`/home?tab=folders&folder=${folder.id}`} sx={{ overflowWrap: "anywhere" }}>
            {folder.name}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** The colleagues who saved the same content publicly: picture or initials, name, a link to their library. */
export function ItemSavers({ savedBy }: { savedBy: ContentItemDetail["saved_by"] }) {
  const { t } = useTranslation("home");
  if (savedBy.count === 0) return <Typography color="text.secondary">{t("item.savedBy.none")}</Typography>;
  const more = savedBy.count - savedBy.results.length;
  return (
    <>
      <Box component="ul" aria-label={t("item.savedBy.label")} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
        {savedBy.results.map((person) => (
          <Box component="li" key={person.username} sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
            <Avatar {...(person.avatar_url ? imageSources(person.avatar_url, "32px") : {})} alt="" sx={{ width: 32, height: 32, fontSize: 13 }}>
              {initials(person.display_name || person.username)}
            </Avatar>
            <Link component={RouterLink} to={`/profile/${encodeURIComponent(person.username)}`} sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {person.display_name || person.username}
            </Link>
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("item.savedBy.more", { count: more })}
        </Typography>
      )}
    </>
  );
}
