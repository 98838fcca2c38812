import { useState, type ChangeEvent } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewOutlined from "@mui/icons-material/OpenInNewOutlined";
import PlaylistAddOutlined from "@mui/icons-material/PlaylistAddOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { useErrorMessage } from "../../i18n/useErrorMessage";
import { toast } from "../../lib/toast";
import { useNetworkFormat } from "./format";
import { groupItems } from "./groups";
import { useMarkDone } from "./hooks";
import { ContentTypeIcon, Picture } from "./visuals";
import type { CollectionDetail, CollectionItem } from "./types";

/** A collection's items, section by section, each with a box to mark it done (POST …/progress/). */
export function CollectionItems({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation("network");
  if (collection.items.length === 0) {
    return <EmptyState icon={<PlaylistAddOutlined />} title={t("items.emptyTitle")} description={t("items.emptyDescription")} />;
  }
  const groups = groupItems(collection).filter((group) => group.section !== null || group.items.length > 0);
  return (
    <Stack spacing={3}>
      {groups.map((group) => (
        <Box component="section" key={group.section?.id ?? "none"} aria-labelledby={`section-${group.section?.id ?? "none"}`}>
          <Typography id={`section-${group.section?.id ?? "none"}`} variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
            {group.section?.title ?? t("items.heading")}
          </Typography>
          {group.items.length === 0 ? (
            <Typography color="text.secondary">{t("items.emptySection")}</Typography>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
              {group.items.map((item) => (
                <ItemRow key={item.id} collectionId={collection.id} item={item} />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function ItemRow({ collectionId, item }: { collectionId: number; item: CollectionItem }) {
  const { t } = useTranslation("network");
  const mark = useMarkDone(collectionId);
  const errorMessage = useErrorMessage();
  // The box shows the person's choice at once, until the server has answered (or refused).
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? item.done;
  const toggle = (done: boolean) => {
    setWanted(done);
    mark.mutate({ itemId: item.id, done }, { onError: (error) => toast(errorMessage(error), "error"), onSettled: () => setWanted(null) });
  };
  const format = useNetworkFormat();
  const { content } = item;
  const meta = [format.type(content.content_type), format.provider(content.provider), format.duration(content.duration_s), content.author].filter(Boolean);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "center", bgcolor: checked ? "action.hover" : undefined }}>
      {/* A native checkbox: MUI's would put its internals in the chunk every page loads first. */}
      <Box
        component="input"
        type="checkbox"
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(event.target.checked)}
        aria-label={t("items.done", { title: content.title })}
        sx={{ width: 22, height: 22, m: 1, flexShrink: 0, cursor: "pointer", accentColor: (theme) => theme.palette.success.main }}
      />
      <Box sx={{ width: { xs: 64, sm: 96 }, flexShrink: 0 }}>
        <Picture src={content.image_url} width={96} aspect="16 / 9" fallback={<ContentTypeIcon type={content.content_type} />} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere", textDecoration: checked ? "line-through" : undefined }}>
          <Link href={content.url} target="_blank" rel="noopener noreferrer" underline="hover" color="inherit">
            {content.title}
            <OpenInNewOutlined titleAccess={t("items.newTab")} sx={{ fontSize: "0.9em", ml: 0.5, verticalAlign: "middle" }} />
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
          <ContentTypeIcon type={content.content_type} fontSize="inherit" />
          {meta.join(" · ")}
        </Typography>
      </Box>
    </Paper>
  );
}
