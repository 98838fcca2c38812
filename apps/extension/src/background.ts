import { errorText, t } from "./i18n.ts";
import { clientFromSettings } from "./settings.ts";
import { isSavable, metadataOf } from "./tab.ts";

const SAVE_LINK = "learnward-save-link";
const SAVE_SELECTION = "learnward-save-selection";
const SAVE_HIGHLIGHT = "learnward-save-highlight";

/** The context menu entries, made afresh: Chromium keeps them across restarts, Firefox's event pages may not. */
const createMenus = () =>
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({ id: SAVE_LINK, title: t("menuSaveLink"), contexts: ["link"] });
    chrome.contextMenus.create({ id: SAVE_SELECTION, title: t("menuSaveSelection"), contexts: ["selection"] });
    chrome.contextMenus.create({ id: SAVE_HIGHLIGHT, title: t("menuSaveHighlight"), contexts: ["selection"] });
  });
chrome.runtime.onInstalled.addListener(createMenus);
chrome.runtime.onStartup.addListener(createMenus);

/** The outcome on the toolbar button of the tab: a tick, or a cross with the reason as its tooltip. */
async function show(tabId: number | undefined, ok: boolean, reason?: string) {
  if (tabId === undefined) return;
  await chrome.action.setBadgeBackgroundColor({ color: ok ? "#2e7d32" : "#c62828", tabId });
  await chrome.action.setBadgeText({ text: ok ? "✓" : "!", tabId });
  await chrome.action.setTitle({ title: ok ? t("popupSaved") : (reason ?? t("actionTitle")), tabId });
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  void (async () => {
    const client = await clientFromSettings();
    if (!client) {
      await chrome.runtime.openOptionsPage();
      return;
    }
    try {
      if (info.menuItemId === SAVE_LINK) {
        // A link is not open in any tab: the server reads that page after saving it.
        if (!isSavable(info.linkUrl)) throw new Error("not a web link");
        await client.save(info.linkUrl, null);
      } else if (info.menuItemId === SAVE_SELECTION) {
        // The page itself, with the selected passage as its description: what the person marked is
        // what they will want to find it by.
        const url = tab?.url ?? info.pageUrl;
        if (!isSavable(url)) throw new Error("not a web page");
        const meta = tab?.id !== undefined ? await metadataOf(tab.id) : null;
        await client.save(url, meta, { selection: info.selectionText ?? null });
      } else if (info.menuItemId === SAVE_HIGHLIGHT) {
        // The passage as a highlight on the page's saved copy; the server saves the page first if it is new.
        const url = tab?.url ?? info.pageUrl;
        if (!isSavable(url)) throw new Error("not a web page");
        if (!info.selectionText?.trim()) throw new Error("nothing selected");
        await client.highlight(url, tab?.title, info.selectionText);
      } else return;
      await show(tab?.id, true);
    } catch (err) {
      await show(tab?.id, false, errorText(err));
    }
  })();
});
