import type { CourseStatus, LearnwardClient, LibraryLookupResponse, PlanSkillOption } from "./api.ts";
import { errorText, t, translatePage } from "./i18n.ts";
import { clientFromSettings, loadSettings } from "./settings.ts";
import { isSavable, metadataOf } from "./tab.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>("status");
const say = (text: string, error = false) => {
  status.textContent = text;
  status.classList.toggle("error", error);
};
const TYPE_KEYS: Record<string, string> = {
  article: "typeArticle",
  video: "typeVideo",
  course: "typeCourse",
  podcast: "typePodcast",
  book: "typeBook",
  job: "typeJob",
};

/**
 * The tab to save: the active one, or the one named by `?tab=` when this page is opened in a tab of
 * its own (a keyboard shortcut to the page, or a browser test where the toolbar button can't be clicked).
 */
async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const named = Number(new URLSearchParams(location.search).get("tab"));
  if (Number.isInteger(named) && named > 0) return chrome.tabs.get(named);
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  return active;
}

function renderSaved(found: Extract<LibraryLookupResponse, { saved: true }>, client: LearnwardClient) {
  $("saved-state").hidden = false;
  $("saved-type").textContent = `(${t(TYPE_KEYS[found.content_type] ?? "typeArticle")})`;
  $("saved-folders").textContent = found.folders.length ? t("popupInFolders", found.folders.map((f) => f.name).join(", ")) : "";
  $("saved-highlights").textContent = found.highlights ? t("popupHighlights", String(found.highlights)) : "";
  const select = $<HTMLSelectElement>("course-status");
  $("course-row").hidden = found.content_type !== "course";
  select.value = found.course_status ?? "";
  let current: CourseStatus | null = found.course_status;
  select.onchange = async () => {
    const next = (select.value || null) as CourseStatus | null;
    select.disabled = true;
    try {
      await client.setCourseStatus(found.id_content, current, next);
      current = next;
      say(t("popupStatusChanged"));
    } catch (err) {
      select.value = current ?? "";
      say(errorText(err), true);
    } finally {
      select.disabled = false;
    }
  };
  const button = $<HTMLButtonElement>("save");
  button.textContent = t("popupAddToFolder");
  const folder = $<HTMLSelectElement>("folder");
  const inFolder = new Set(found.folders.map((f) => String(f.id)));
  const sync = () => (button.disabled = !folder.value || inFolder.has(folder.value));
  folder.onchange = sync;
  sync();
  button.onclick = async () => {
    button.disabled = true;
    try {
      await client.addToFolder(Number(folder.value), found.id_primary);
      say(t("popupAddedToFolder", folder.selectedOptions[0]?.textContent ?? ""));
      inFolder.add(folder.value);
      $("saved-folders").textContent = t("popupInFolders", [...found.folders.map((f) => f.name), folder.selectedOptions[0]?.textContent ?? ""].join(", "));
    } catch (err) {
      say(errorText(err), true);
    } finally {
      sync();
    }
  };
}

/** The open plans I hold, each a group of its skills: a page saved may count towards one (none when I hold none). */
function showPlanSkills(plans: PlanSkillOption[]) {
  const select = $<HTMLSelectElement>("plan-skill");
  for (const { plan, skills } of plans) {
    const group = document.createElement("optgroup");
    group.label = plan.title;
    for (const skill of skills) group.append(new Option(skill, JSON.stringify({ planId: plan.id, skill })));
    select.append(group);
  }
  $("plan-row").hidden = plans.every((p) => !p.skills.length);
}
/** The plan skill chosen, read back from the option's own value (written above, never typed by anyone). */
function chosenPlanSkill(): { planId: number; skill: string } | null {
  const value = $<HTMLSelectElement>("plan-skill").value;
  if (!value) return null;
  const { planId, skill } = JSON.parse(value) as { planId: number; skill: string };
  return { planId, skill };
}

async function main() {
  translatePage();
  $("open-options").onclick = () => void chrome.runtime.openOptionsPage();
  const tab = await targetTab();
  $("page-title").textContent = tab?.title ?? "";
  $("page-url").textContent = tab?.url ?? "";

  const settings = await loadSettings();
  const client = await clientFromSettings();
  if (!settings || !client) {
    say("");
    $("setup").hidden = false;
    return;
  }
  const library = $<HTMLAnchorElement>("open-library");
  library.href = `${settings.origin}/home`;
  library.hidden = false;
  if (!tab?.id || !isSavable(tab.url)) {
    say(t("popupNotSavable"));
    return;
  }
  const url = tab.url;
  const tabId = tab.id;

  let found: LibraryLookupResponse;
  try {
    const [lookup, folders, plans] = await Promise.all([client.lookup(url), client.folders(), client.planSkills()]);
    found = lookup;
    const select = $<HTMLSelectElement>("folder");
    for (const f of folders) select.add(new Option(f.name, String(f.id)));
    showPlanSkills(plans);
  } catch (err) {
    say(errorText(err), true);
    return;
  }
  $("save-form").hidden = false;
  if (found.saved) {
    say("");
    renderSaved(found, client);
    return;
  }
  say("");
  const button = $<HTMLButtonElement>("save");
  button.onclick = async () => {
    button.disabled = true;
    say(t("popupSaving"));
    try {
      const folder = $<HTMLSelectElement>("folder").value;
      await client.save(url, await metadataOf(tabId), { folderId: folder ? Number(folder) : null, planSkill: chosenPlanSkill() });
      const now = await client.lookup(url);
      say(t("popupSaved"));
      if (now.saved) renderSaved(now, client);
    } catch (err) {
      say(errorText(err), true);
      // The page may be saved although what followed failed (a plan closed meanwhile): show it saved.
      const now = await client.lookup(url).catch(() => null);
      if (now?.saved) renderSaved(now, client);
      else button.disabled = false;
    }
  };
}

void main();
