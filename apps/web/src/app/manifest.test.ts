// The installed app's colours are the app's own: the manifest and the page's theme-color follow the theme.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { theme } from "./theme";

const webApp = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const file = (name: string) => readFileSync(resolve(webApp, name), "utf8");

describe("the web app manifest", () => {
  it("takes its colours from the theme", () => {
    const manifest = JSON.parse(file("public/manifest.webmanifest")) as { theme_color: string; background_color: string };
    expect(manifest.theme_color).toBe(theme.palette.primary.main);
    expect(manifest.background_color).toBe(theme.palette.background.default);
    expect(file("index.html")).toContain(`<meta name="theme-color" content="${theme.palette.primary.main}" />`);
  });
});
