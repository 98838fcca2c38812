/** Deployment-specific links; override them at build time with VITE_* variables. */
export const SOCIAL_LINKS = {
  video: import.meta.env.VITE_SOCIAL_VIDEO_URL ?? "https://www.youtube.com/@learnward",
  photo: import.meta.env.VITE_SOCIAL_PHOTO_URL ?? "https://www.instagram.com/learnward",
  professional: import.meta.env.VITE_SOCIAL_PROFESSIONAL_URL ?? "https://www.linkedin.com/company/learnward",
} as const;

export const PRODUCT_NAME = "Learnward";
