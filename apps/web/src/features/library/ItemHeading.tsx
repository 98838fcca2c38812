import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import OpenInNew from "@mui/icons-material/OpenInNew";
import Typography from "@mui/material/Typography";
import type { ContentType } from "@learnward/contracts";
import { Img } from "../../components/Img";
import { ContentTypeIcon } from "./ContentTypeIcon";

interface ItemHeadingProps {
  type: ContentType;
  /** The line over the title after the type's icon: type, provider, … joined by " · ". */
  meta: string;
  title: string;
  url: string;
  headingLevel: "h3" | "h4";
  /** Author and duration under the title; nothing when empty. */
  byline: string;
  /**
   * The item's page in the app: the title links there, and a small button beside the type opens the
   * item's own link (named `sourceLabel`). Without it the title is the item's link.
   */
  page?: { to: string; sourceLabel: string };
}

const titleLink = { color: "inherit", textDecoration: "none", "&:hover, &:focus-visible": { textDecoration: "underline" } } as const;

/** A card's top: the item's type and provider, its title as a link to it, and who made it and how long it takes. */
export function ItemHeading({ type, meta, title, url, headingLevel, byline, page }: ItemHeadingProps) {
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap", minWidth: 0 }}>
          <ContentTypeIcon type={type} fontSize="inherit" />
          {meta}
        </Typography>
        {page && (
          <IconButton component="a" href={url} target="_blank" rel="noopener noreferrer" size="small" aria-label={page.sourceLabel} sx={{ p: 0.25 }}>
            {/* A style rather than sx: an icon without sx is drawn without a styled component of its own. */}
            <OpenInNew style={{ fontSize: 14 }} />
          </IconButton>
        )}
      </Box>
      <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: "anywhere" }}>
        {page ? (
          <Box component={RouterLink} to={page.to} sx={titleLink}>
            {title}
          </Box>
        ) : (
          <Box component="a" href={url} target="_blank" rel="noopener noreferrer" sx={titleLink}>
            {title}
          </Box>
        )}
      </Typography>
      {byline && (
        <Typography variant="body2" color="text.secondary" noWrap>
          {byline}
        </Typography>
      )}
    </>
  );
}

/** A card's picture, square: 56 pixels on a phone, `width` from 600 up; the type's icon without one. */
export function ItemPicture({ src, type, width }: { src: string | null; type: ContentType; width: 72 | 88 }) {
  return (
    <Img
      src={src}
      alt=""
      sizes={`(max-width: 599px) 56px, ${width}px`}
      fallback={<ContentTypeIcon type={type} />}
      sx={{ width: { xs: 56, sm: width }, height: { xs: 56, sm: width }, flex: { xs: "0 0 56px", sm: `0 0 ${width}px` }, borderRadius: 1 }}
    />
  );
}
