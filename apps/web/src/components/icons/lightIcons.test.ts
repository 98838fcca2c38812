// The build's redirection of the Material icons' factory (vite-light-icons.ts): the icons draw a plain
// <svg> (createSvgIcon.tsx) instead of MUI's SvgIcon, and an upgrade that changes how the icons import
// their factory fails the build rather than silently drawing them the slow way again.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIGHT_FACTORY, lightIcons } from "../../../vite-light-icons";

const iconsDir = dirname(createRequire(import.meta.url).resolve("@mui/icons-material/package.json"));
const ICON = join(iconsDir, "MoreVert.mjs");

type Hooks = {
  resolveId: (source: string, importer?: string) => string | null;
  transform: (code: string, id: string) => null;
  buildEnd: (error?: Error) => void;
};
const plugin = () => lightIcons() as unknown as Hooks;

describe("the light icons' build plugin", () => {
  it("points the icons' own import of their factory at the app's", () => {
    const importOf = /from "(\.\/utils\/createSvgIcon[^"]*)"/.exec(readFileSync(ICON, "utf8"))![1]!;
    const hooks = plugin();
    expect(hooks.resolveId(importOf, ICON)).toBe(LIGHT_FACTORY);
    // The same name imported from anywhere else is not the icons' factory.
    expect(hooks.resolveId(importOf, "/app/src/components/Something.tsx")).toBeNull();
    expect(hooks.resolveId("react", ICON)).toBeNull();
  });

  it("fails the build when icons were built but none reached the app's factory", () => {
    const hooks = plugin();
    hooks.transform("", ICON);
    expect(() => hooks.buildEnd()).toThrow(/vite-light-icons/);

    const redirected = plugin();
    redirected.transform("", ICON);
    redirected.resolveId("./utils/createSvgIcon.mjs", ICON);
    expect(() => redirected.buildEnd()).not.toThrow();
  });
});
