import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { useTranslation } from "react-i18next";
import type { ContentItem } from "@learnward/contracts";
import { ItemHeading, ItemPicture } from "./ItemHeading";
import { useStateLabel } from "./ItemStateControl";
import { itemPath } from "./query";
import { useLibraryFormat } from "./format";

/** A small outlined label (MUI's Chip would put its icons in the component chunk every screen loads). */
function Tag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        px: 1,
        py: 0.25,
        border: 1,
        borderColor: color,
        color,
        borderRadius: 4,
        fontSize: "0.75rem",
        fontWeight: 600,
      }}
    >
      {children}
    </Box>
  );
}

interface ContentCardProps {
  item: ContentItem;
  /** The item's menu, for the owner. */
  actions?: ReactNode;
  /** A move or other change of this item is in progress. */
  busy?: boolean;
  /** Mark private items (only their owner sees them). */
  showPrivate?: boolean;
  /** Rendered as a list item of a `ul`. */
  component?: "li" | "div";
  /** The owner's control of the item's state (ItemStateControl); others see the state as a label. */
  stateControl?: ReactNode;
  /** The title links to the item's page (my own items); otherwise to the item's link. */
  linkToPage?: boolean;
  /** Lists my items with this tag (a tag chip was chosen); without it the chips are plain labels. */
  onTag?: (tag: string) => void;
}

/** The item's tags as small chips; each lists the items with that tag when the list can filter. */
function TagChips({ tags, onTag }: { tags: string[]; onTag?: (tag: string) => void }) {
  const { t } = useTranslation("home");
  const chip = {
    px: 0.75,
    py: 0.125,
    border: 0,
    borderRadius: 4,
    bgcolor: "action.selected",
    color: "text.primary",
    font: "inherit",
    fontSize: "0.75rem",
    maxWidth: "100%",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  } as const;
  return (
    <Box component="ul" aria-label={t("tags.onItem")} sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", listStyle: "none", m: 0, p: 0 }}>
      {tags.map((tag) => (
        <li key={tag} style={{ minWidth: 0, maxWidth: "100%" }}>
          {onTag ? (
            <Box
              component="button"
              type="button"
              aria-label={t("tags.filterBy", { tag })}
              onClick={() => onTag(tag)}
              sx={{ ...chip, cursor: "pointer", "&:hover": { bgcolor: "action.focus" }, "&:focus-visible": { outline: 2, outlineColor: "primary.main" } }}
            >
              #{tag}
            </Box>
          ) : (
            <Box component="span" sx={{ ...chip, display: "inline-block" }}>
              #{tag}
            </Box>
          )}
        </li>
      ))}
    </Box>
  );
}

/** One saved item: picture, type and provider, title (a link to it), author and duration. */
export function ContentCard({ item, actions, busy = false, showPrivate = false, component = "li", stateControl, linkToPage = false, onTag }: ContentCardProps) {
  const { t } = useTranslation("home");
  const stateLabel = useStateLabel();
  const format = useLibraryFormat();
  const provider = format.provider(item.provider);
  const duration = format.duration(item.duration_s);
  const byline = [item.author, duration].filter(Boolean).join(" · ");
  return (
    <Paper
      variant="outlined"
      component={component}
      aria-busy={busy || undefined}
      sx={{ position: "relative", display: "flex", gap: { xs: 1.5, sm: 2 }, p: 1.5, minWidth: 0, listStyle: "none", overflow: "hidden" }}
    >
      <ItemPicture src={item.image_url} type={item.content_type} width={88} />
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
        <ItemHeading
          type={item.content_type}
          meta={[format.type(item.content_type), provider].filter(Boolean).join(" · ")}
          title={item.title}
          url={item.url}
          headingLevel="h3"
          byline={byline}
          page={linkToPage ? { to: itemPath(item.id_primary), sourceLabel: t("card.openSource") } : undefined}
        />
        {item.metadata_pending && (
          // Saved before its page was read: the title, picture and details may still change (the list asks again).
          <Box component="span" role="status" sx={{ typography: "caption", color: "text.secondary" }}>
            {t("card.readingPage")}
          </Box>
        )}
        {(stateControl || item.state || (showPrivate && item.is_private)) && (
          <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", alignItems: "center", mt: 0.5 }}>
            {stateControl ??
              (item.state && (
                <Tag color={item.state === "finalized" || item.state === "applied" ? "success.main" : "text.secondary"}>{stateLabel(item, item.state)}</Tag>
              ))}
            {showPrivate && item.is_private && (
              <Tag color="text.secondary">
                <LockOutlined style={{ fontSize: 14 }} />
                {t("card.private")}
              </Tag>
            )}
          </Box>
        )}
        {item.tags && item.tags.length > 0 && <TagChips tags={item.tags} onTag={onTag} />}
      </Box>
      {actions && <Box sx={{ flex: "0 0 auto", alignSelf: "flex-start" }}>{actions}</Box>}
      {busy && <LinearProgress aria-label={t("card.updating", { title: item.title })} sx={{ position: "absolute", left: 0, right: 0, bottom: 0 }} />}
    </Paper>
  );
}
