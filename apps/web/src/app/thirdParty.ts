import type { SiteIntegrations } from "@learnward/contracts";

/** A script from another host, added once; the CSP admits only the configured hosts (plugins/security.ts). */
function addScript(id: string, src: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement("script");
  script.id = id;
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/**
 * Loads the configured chat widget and tag manager: only once the visitor has accepted analytics
 * cookies (SiteIntegrations). The tag manager starts as its own snippet would, without inline script.
 */
export function loadThirdParties({ chat_widget_url, tag_manager_id }: SiteIntegrations): void {
  if (chat_widget_url) addScript("learnward-chat-widget", chat_widget_url);
  if (tag_manager_id) {
    const w = window as typeof window & { dataLayer?: unknown[] };
    if (!document.getElementById("learnward-tag-manager")) (w.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
    addScript("learnward-tag-manager", `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tag_manager_id)}`);
  }
}
