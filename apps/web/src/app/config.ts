import type { SiteIntegrations } from "@learnward/contracts";

/** Deployment-specific links; override them at build time with VITE_* variables. */
export const SOCIAL_LINKS = {
  video: import.meta.env.VITE_SOCIAL_VIDEO_URL ?? "https://www.youtube.com/@learnward",
  photo: import.meta.env.VITE_SOCIAL_PHOTO_URL ?? "https://www.instagram.com/learnward",
  professional: import.meta.env.VITE_SOCIAL_PROFESSIONAL_URL ?? "https://www.linkedin.com/company/learnward",
} as const;

export const PRODUCT_NAME = "Learnward";

const NOTHING_CONFIGURED: SiteIntegrations = { extension_chrome_url: null, extension_firefox_url: null, chat_widget_url: null, tag_manager_id: null };
const stringOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);

/**
 * spec §1: the browser extension's store pages, chat widget and tag manager the server is configured
 * with (EXTENSION_CHROME_URL, EXTENSION_FIREFOX_URL, CHAT_WIDGET_URL, TAG_MANAGER_ID), as it writes them into the page
 * (apps/server/src/plugins/web.ts); none on the server's own render, or when the page carries none.
 */
export function readIntegrations(): SiteIntegrations {
  if (typeof document === "undefined") return NOTHING_CONFIGURED;
  const text = document.getElementById("learnward-config")?.textContent;
  if (!text) return NOTHING_CONFIGURED;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    return {
      extension_chrome_url: stringOrNull(json.extension_chrome_url),
      extension_firefox_url: stringOrNull(json.extension_firefox_url),
      chat_widget_url: stringOrNull(json.chat_widget_url),
      tag_manager_id: stringOrNull(json.tag_manager_id),
    };
  } catch {
    return NOTHING_CONFIGURED;
  }
}

/** Whether a configured third party needs the visitor's consent to analytics cookies first. */
export const needsConsent = (integrations: SiteIntegrations) => integrations.chat_widget_url !== null || integrations.tag_manager_id !== null;
