import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { DiscoverContent } from "@learnward/contracts";
import { TextLink } from "../../components/TextLink";
import { ItemHeading, ItemPicture } from "../library/ItemHeading";
import { useLibraryFormat } from "../library/format";
import { CurateMenu } from "./CurateMenu";
import { SaveActions } from "./SaveActions";

interface ResultCardProps {
  item: DiscoverContent;
  /** A line above the actions: why it is recommended, how it trends. */
  note?: ReactNode;
  /** Clicking a skill filters by it. */
  onSkill?: (skill: string) => void;
  compact?: boolean;
  headingLevel?: "h3" | "h4";
}

/** A catalog item: type and provider, title linking to it, who in the company saved it, one-click saves. */
export function ResultCard({ item, note, onSkill, compact = false, headingLevel = "h3" }: ResultCardProps) {
  const { t } = useTranslation("discover");
  const format = useLibraryFormat();
  const byline = [item.author, format.duration(item.duration_s)].filter(Boolean).join(" · ");
  const savers = item.saved_by;
  const others = item.savers_count - savers.length - (item.mine ? 1 : 0);
  return (
    <Paper
      variant="outlined"
      component="article"
      sx={{ display: "flex", gap: 1.5, p: 1.5, minWidth: 0, height: compact ? "100%" : undefined, flexDirection: compact ? "column" : "row" }}
    >
      {!compact && <ItemPicture src={item.image_url} type={item.content_type} width={72} />}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
        <ItemHeading
          type={item.content_type}
          meta={[format.type(item.content_type), format.provider(item.provider), t(`languages.${item.language}`)].filter(Boolean).join(" · ")}
          title={item.title}
          url={item.url}
          headingLevel={headingLevel}
          byline={byline}
        />
        {!compact && item.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden", overflowWrap: "anywhere" }}
          >
            {item.description}
          </Typography>
        )}
        {!compact && item.skills.length > 0 && (
          <Box component="ul" aria-label={t("card.skills")} sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, m: 0, p: 0, listStyle: "none" }}>
            {item.skills.map((skill) => (
              <li key={skill}>
                <ButtonBase
                  onClick={onSkill ? () => onSkill(skill) : undefined}
                  disabled={!onSkill}
                  aria-label={t("card.filterSkill", { skill })}
                  sx={{
                    px: 1,
                    py: 0.25,
                    borderRadius: 4,
                    border: 1,
                    borderColor: "divider",
                    fontSize: "0.75rem",
                    color: "text.secondary",
                    "&:hover": { borderColor: "primary.main" },
                  }}
                >
                  {skill}
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
        {savers.length > 0 && <SavedBy savers={savers} others={Math.max(0, others)} />}
        {savers.length === 0 && item.savers_count > (item.mine ? 1 : 0) && (
          <Typography variant="body2" color="text.secondary">
            {t("card.savers", { count: item.savers_count })}
          </Typography>
        )}
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
            {note}
          </Typography>
        )}
        <Box sx={{ mt: "auto", pt: 0.5, display: "flex", alignItems: "flex-start", gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SaveActions item={item} />
          </Box>
          <CurateMenu item={item} />
        </Box>
      </Box>
    </Paper>
  );
}

/** "Saved by Ana, Luis and 3 more", each name linking to their public saves (PRODUCT.md: same company only). */
function SavedBy({ savers, others }: { savers: DiscoverContent["saved_by"]; others: number }) {
  const { t } = useTranslation("discover");
  const marker = "\u0001";
  const text = others > 0 ? t("card.savedByMore", { count: others, names: marker }) : t("card.savedBy", { names: marker });
  const [before, after] = text.split(marker);
  return (
    <Typography variant="body2" color="text.secondary">
      {before}
      {savers.map((s, i) => (
        <span key={s.username}>
          {i > 0 && ", "}
          <TextLink to={`/profile/${encodeURIComponent(s.username)}`}>{s.display_name}</TextLink>
        </span>
      ))}
      {after}
    </Typography>
  );
}
