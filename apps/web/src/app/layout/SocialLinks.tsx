import IconButton from "@mui/material/IconButton";
import YouTube from "@mui/icons-material/YouTube";
import Instagram from "@mui/icons-material/Instagram";
import LinkedIn from "@mui/icons-material/LinkedIn";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME, SOCIAL_LINKS } from "../config";

const SOCIAL = [
  { key: "video", href: SOCIAL_LINKS.video, icon: <YouTube /> },
  { key: "photo", href: SOCIAL_LINKS.photo, icon: <Instagram /> },
  { key: "professional", href: SOCIAL_LINKS.professional, icon: <LinkedIn /> },
] as const;

/** The footer's links to a video, a photo and a professional network site (spec §1), as their brands' icons. */
export default function SocialLinks() {
  const { t } = useTranslation();
  return SOCIAL.map(({ key, href, icon }) => (
    <IconButton
      key={key}
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t(`footer.${key}`, { name: PRODUCT_NAME })}
      size="small"
    >
      {icon}
    </IconButton>
  ));
}
