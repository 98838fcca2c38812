// A module of its own: the shell's constants load with every page (the router reads them), these
// only where the extension is offered.

/** The browser extension's builds the server offers for loading unpacked (/downloads/<name>), per browser. */
export const EXTENSION_DOWNLOADS = {
  chromium: "learnward-extension-chromium.zip",
  firefox: "learnward-extension-firefox.zip",
} as const;
