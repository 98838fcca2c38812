import { useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import CollectionsBookmarkOutlined from "@mui/icons-material/CollectionsBookmarkOutlined";
import { useTranslation } from "react-i18next";
import type { AssigneeStatus } from "./types";
// The network's pages show the library's icon of a content type.
export { ContentTypeIcon } from "../library/ContentTypeIcon";

/** GET /api/image: remote pictures go through the image proxy at one of the spec's widths (§9). */
function proxied(src: string, width: number): string {
  return `/api/image?${new URLSearchParams({ imageUrl: src, w: String(width) }).toString()}`;
}

interface PictureProps {
  src: string | null;
  /** The rendered width in pixels; the proxy is asked for it and for twice it (high-density screens). */
  width: 64 | 96 | 128 | 256 | 384 | 640;
  aspect: string;
  fallback: ReactNode;
}

/** A decorative picture (the text beside it names the thing), loaded lazily, with an icon when there is none. */
export function Picture({ src, width, aspect, fallback }: PictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && /^https?:\/\//i.test(src) && failed !== src ? src : null;
  const double = ({ 64: 128, 96: 256, 128: 256, 256: 640, 384: 750, 640: 1200 } as const)[width];
  return (
    <Box
      sx={{
        aspectRatio: aspect,
        width: "100%",
        overflow: "hidden",
        display: "grid",
        placeItems: "center",
        bgcolor: "action.hover",
        color: "text.secondary",
        borderRadius: 1,
        "& svg": { fontSize: 32 },
      }}
    >
      {usable ? (
        <Box
          component="img"
          src={proxied(usable, width)}
          srcSet={`${proxied(usable, width)} 1x, ${proxied(usable, double)} 2x`}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(usable)}
          sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
        />
      ) : (
        <Box component="span" aria-hidden sx={{ display: "grid", placeItems: "center" }}>
          {fallback}
        </Box>
      )}
    </Box>
  );
}

export function CollectionCover({ src, width = 384 }: { src: string | null; width?: 384 | 640 }) {
  return <Picture src={src} width={width} aspect="16 / 7" fallback={<CollectionsBookmarkOutlined />} />;
}

/** A progress bar with its figures in words, for sighted and screen-reader users alike. */
export function ProgressLine({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation("network");
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("progress.count", { done, total })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={t("progress.valueText", { done, total, percent })}
        color={total > 0 && done === total ? "success" : "primary"}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

const STATUS_COLORS = {
  private: "default",
  pending: "warning",
  published: "success",
  accepted: "success",
  rejected: "error",
  active: "info",
  completed: "success",
} as const;
type Status = keyof typeof STATUS_COLORS;

/** A translated status: of a collection, a publish request or an assignee (spec §3 enumerations). */
export function StatusChip({ status, kind }: { status: Status & string; kind: "collection" | "request" | "assignee" }) {
  const { t } = useTranslation("network");
  const label =
    kind === "collection"
      ? t(`status.collection.${status as "private" | "pending" | "published"}`)
      : kind === "request"
        ? t(`status.request.${status as "pending" | "accepted" | "rejected"}`)
        : t(`status.assignee.${status as AssigneeStatus}`);
  return <Chip size="small" label={label} color={STATUS_COLORS[status]} variant={status === "private" ? "outlined" : "filled"} />;
}
