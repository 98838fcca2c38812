import { createClient, type LearnwardClient } from "./api.ts";

/** Where the person's Learnward is and the credential it takes, kept in the extension's local storage only. */
export interface Settings {
  origin: string;
  token: string;
}

export async function loadSettings(): Promise<Settings | null> {
  const { origin, token } = await chrome.storage.local.get(["origin", "token"]);
  return typeof origin === "string" && origin && typeof token === "string" && token ? { origin, token } : null;
}

export const saveSettings = (s: Settings) => chrome.storage.local.set({ origin: s.origin, token: s.token });

/** The host permission pattern of an origin ("https://learn.example.com" → "https://learn.example.com/*"). */
export const originPattern = (origin: string) => `${origin}/*`;

export async function clientFromSettings(): Promise<LearnwardClient | null> {
  const s = await loadSettings();
  return s ? createClient(s) : null;
}
