import { createClient, learnwardOrigin } from "./api.ts";
import { errorText, t, translatePage } from "./i18n.ts";
import { loadSettings, originPattern, saveSettings } from "./settings.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const originInput = $<HTMLInputElement>("origin");
const tokenInput = $<HTMLInputElement>("token");
const status = $<HTMLParagraphElement>("status");
const say = (text: string, error = false) => {
  status.textContent = text;
  status.classList.toggle("error", error);
};

/** The form's values, checked; says what is wrong and answers null otherwise. */
function readForm() {
  const origin = learnwardOrigin(originInput.value);
  originInput.setAttribute("aria-invalid", String(!origin));
  if (!origin) {
    say(t("optionsBadAddress"), true);
    originInput.focus();
    return null;
  }
  const token = tokenInput.value.trim();
  tokenInput.setAttribute("aria-invalid", String(!token));
  if (!token) {
    say(t("optionsNoToken"), true);
    tokenInput.focus();
    return null;
  }
  return { origin, token };
}

/**
 * The extension may call only the addresses the person allowed: asked for this one origin. Asked
 * before anything is awaited, while the click is still the user's gesture (Firefox refuses the
 * request otherwise); an origin already allowed answers true without asking again.
 */
const allow = (origin: string) => chrome.permissions.request({ origins: [originPattern(origin)] });

async function test(values: { origin: string; token: string }) {
  say(t("optionsTesting"));
  try {
    const me = await createClient(values).me();
    say(t("optionsSignedInAs", me.user.displayName, me.user.email));
  } catch (err) {
    say(errorText(err), true);
  }
}

$<HTMLFormElement>("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const values = readForm();
  if (!values) return;
  if (!(await allow(values.origin))) {
    say(t("optionsPermissionDenied"), true);
    return;
  }
  await saveSettings(values);
  originInput.value = values.origin;
  say(t("optionsSaved"));
});

$<HTMLButtonElement>("test").addEventListener("click", async () => {
  const values = readForm();
  if (!values) return;
  if (!(await allow(values.origin))) {
    say(t("optionsPermissionDenied"), true);
    return;
  }
  await test(values);
});

translatePage();
void loadSettings().then((s) => {
  if (!s) return;
  originInput.value = s.origin;
  tokenInput.value = s.token;
});
