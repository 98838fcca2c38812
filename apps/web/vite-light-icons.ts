import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/*
 * Every Material icon module (@mui/icons-material/X) makes its component with the package's
 * utils/createSvgIcon, which re-exports MUI's: an icon then renders SvgIcon, whose styled root
 * computes and hashes the icon's styles on every render. This points the icons' factory at
 * src/components/icons/createSvgIcon.tsx, which draws a plain <svg> with the same class names, styled
 * once for the page by the theme's CssBaseline. The build fails if the icons no longer import their
 * factory as expected, so that an upgrade is checked rather than silently unpatched.
 */
const ICONS = /[\\/]@mui[\\/]icons-material[\\/]/;
const FACTORY = /^\.\/utils\/createSvgIcon(\.m?js)?$/;
export const LIGHT_FACTORY = join(dirname(fileURLToPath(import.meta.url)), "src", "components", "icons", "createSvgIcon.tsx");

export function lightIcons(): Plugin {
  let icons = 0;
  let redirected = 0;
  return {
    name: "learnward:light-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !ICONS.test(importer)) return null;
      if (FACTORY.test(source)) {
        redirected++;
        return LIGHT_FACTORY;
      }
      return null;
    },
    transform(_code, id) {
      if (ICONS.test(id) && !/[\\/]utils[\\/]/.test(id)) icons++;
      return null;
    },
    buildEnd(error) {
      if (!error && icons > 0 && redirected === 0) {
        throw new Error("@mui/icons-material no longer imports ./utils/createSvgIcon: review vite-light-icons.ts");
      }
    },
  };
}
