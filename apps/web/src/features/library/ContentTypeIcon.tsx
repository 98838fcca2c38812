import ArticleOutlined from "@mui/icons-material/ArticleOutlined";
import OndemandVideoOutlined from "@mui/icons-material/OndemandVideoOutlined";
import MenuBookOutlined from "@mui/icons-material/MenuBookOutlined";
import PodcastsOutlined from "@mui/icons-material/PodcastsOutlined";
import SchoolOutlined from "@mui/icons-material/SchoolOutlined";
import WorkOutlineOutlined from "@mui/icons-material/WorkOutlineOutlined";
import type { ContentType } from "@learnward/contracts";

const ICONS = {
  article: ArticleOutlined,
  video: OndemandVideoOutlined,
  book: MenuBookOutlined,
  podcast: PodcastsOutlined,
  course: SchoolOutlined,
  job: WorkOutlineOutlined,
} satisfies Record<ContentType, unknown>;

/** The icon of a content type: the fallback of an item without a picture. */
export function ContentTypeIcon({ type, fontSize }: { type: ContentType; fontSize?: "small" | "medium" | "large" | "inherit" }) {
  const Icon = ICONS[type];
  return <Icon fontSize={fontSize} />;
}
