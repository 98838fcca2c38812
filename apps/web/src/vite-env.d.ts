/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SOCIAL_VIDEO_URL?: string;
  readonly VITE_SOCIAL_PHOTO_URL?: string;
  readonly VITE_SOCIAL_PROFESSIONAL_URL?: string;
}
