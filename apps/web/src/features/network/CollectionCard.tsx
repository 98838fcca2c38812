import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { TextLink } from "../../components/TextLink";
import { collectionPath, useNetworkFormat } from "./format";
import { CollectionCover, ContentTypeIcon, ProgressLine, StatusChip } from "./visuals";
import type { CollectionSummary } from "./types";
import visuallyHidden from "@mui/utils/visuallyHidden";

interface CollectionCardProps {
  collection: CollectionSummary;
  /** Show private / pending / published (my collections). */
  showStatus?: boolean;
  /** Show my progress bar (paths I follow). */
  showProgress?: boolean;
  /** Clicking a skill filters by it, when the list can. */
  onSkill?: (skill: string) => void;
  actions?: ReactNode;
  headingLevel?: "h2" | "h3";
}

/** One collection in a list: cover, title linking to its page, skills, size and, where asked, status and progress. */
export function CollectionCard({ collection, showStatus, showProgress, onSkill, actions, headingLevel = "h3" }: CollectionCardProps) {
  const { t } = useTranslation("network");
  const format = useNetworkFormat();
  const duration = format.duration(collection.duration_s);
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5, height: "100%" }}>
      <CollectionCover src={collection.cover_url} />
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
        <Typography variant="h3" component={headingLevel} sx={{ fontSize: "1.1rem", flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
          <TextLink to={collectionPath(collection)}>{collection.title}</TextLink>
        </Typography>
        {showStatus && <StatusChip kind="collection" status={collection.status} />}
        {showStatus && collection.has_draft && <Chip size="small" color="info" variant="outlined" label={t("draft.chip")} />}
      </Box>
      {collection.description && (
        <Typography variant="body2" color="text.secondary" sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}>
          {collection.description}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {[t("card.by", { name: collection.owner.display_name }), t("card.items", { count: collection.items_count }), duration].filter(Boolean).join(" · ")}
      </Typography>
      {collection.types.length > 0 && (
        <Stack direction="row" spacing={1} aria-label={t("card.types")} role="list" sx={{ color: "text.secondary" }}>
          {collection.types.map((type) => (
            <Box key={type} role="listitem" sx={{ display: "inline-flex" }} title={format.type(type)}>
              <ContentTypeIcon type={type} fontSize="small" />
              <Box component="span" sx={visuallyHidden}>
                {format.type(type)}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
      {collection.skills.length > 0 && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }} aria-label={t("card.skills")} role="group">
          {collection.skills.map((skill) =>
            onSkill ? (
              <Chip key={skill} size="small" label={skill} onClick={() => onSkill(skill)} aria-label={t("card.filterBySkill", { skill })} />
            ) : (
              <Chip key={skill} size="small" label={skill} />
            ),
          )}
        </Box>
      )}
      {showProgress && (
        <Box sx={{ mt: "auto" }}>
          <ProgressLine done={collection.progress.done} total={collection.progress.total} label={t("progress.mine")} />
        </Box>
      )}
      {actions && <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: showProgress ? 0 : "auto" }}>{actions}</Box>}
    </Paper>
  );
}

/** Read by screen readers, not shown (px strings: in sx, a bare 1 would mean 100%). */
