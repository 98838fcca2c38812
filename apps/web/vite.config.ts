import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { shareI18nWrapper } from "./vite-share-i18n-wrapper.ts";
import { preloadEntryImports } from "./vite-preload-entry-imports.ts";
import { spreadModulePreloads } from "./vite-module-preload.ts";
import { lazyNumberFormat } from "./vite-lazy-number-format.ts";
import { lightIcons } from "./vite-light-icons.ts";

// Code every screen runs: one chunk compresses better than forty small ones (about 4 KB gzip on /login).
// Two in fact, the framework and the component and style layer (MUI with emotion): main.tsx evaluates
// each in a task of its own (one task of both was 200–260 ms at 4× CPU); the split costs 0.5 KB gzip.
const FRAMEWORK_PACKAGES = [
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "@tanstack",
  "i18next",
  "react-i18next",
  "react-is",
  "clsx",
  "use-sync-external-store",
  "@babel",
];
const UI_PACKAGES = ["@emotion", "stylis", "hoist-non-react-statics", "@mui/system", "@mui/utils", "@mui/styled-engine", "@mui/private-theming"];
const UI_MUI = [
  "styles",
  "utils",
  "zero-styled",
  "DefaultPropsProvider",
  "GlobalStyles",
  "colors",
  "CssBaseline",
  "Box",
  "Stack",
  "Paper",
  "Typography",
  "SvgIcon",
  "ButtonBase",
  "useLazyRipple",
  "Button",
  "IconButton",
  "CircularProgress",
  "Alert",
];
const escape = (text: string) => text.replace(/[/]/g, "[\\\\/]");
const frameworkModule = new RegExp(`node_modules[\\\\/](${FRAMEWORK_PACKAGES.map(escape).join("|")})[\\\\/]`);
const uiModule = new RegExp(
  `node_modules[\\\\/](${[...UI_PACKAGES.map(escape), ...UI_MUI.map((name) => `@mui[\\\\/]material[\\\\/]${name}`)].join("|")})[\\\\/]`,
);

/*
 * Besides the framework, three groups each take a module and everything it imports that an earlier
 * group did not take: what main.tsx imports (boot), the sign-in page with its layout (login), and
 * the signed-in layout (shell). Left to automatic splitting, /home loaded 80 files and /login 36,
 * most under 2 KB; over HTTP/1.1's six connections per host that was a waterfall of round trips
 * (Lighthouse /home desktop 80 → 94, /login mobile 61 → 73). Pages stay split by route.
 */
const bootModule =
  /[\\/]src[\\/](i18n[\\/]index|lib[\\/](locale|cookie)|app[\\/](start|AppTree|lazyPart|renderHints|providers|router|session|RouteError)|features[\\/]identity[\\/]hooks)\.tsx?$/;
const loginModule = /[\\/]src[\\/](app[\\/]layout[\\/]PublicLayout|routes[\\/]auth[\\/]LoginPage)\.tsx$/;
/*
 * The shell also takes what most signed-in pages use besides the layout: these MUI components (and
 * what they import that no earlier group took), the load-failed notice, the page's search
 * parameters and the menu drawn on first opening (beside MUI's Menu). Left to automatic splitting they were nine files of 0.2-2.7 KB that /home, /discover,
 * /dashboard/content and /collaborative-network each loaded; in the shell those pages load 10-12
 * files fewer (/home 43 instead of 54) and 2.6-6.1 KB less (one chunk compresses better). Each file
 * costs the page a request and a module of its own while it starts (about 1 ms each of the main
 * thread's time here, more on a busy host). The shell grows by 14 KB: what a signed-in page that
 * uses none of them loads more.
 */
const SHELL_MUI = [
  "Menu",
  "MenuItem",
  "MenuList",
  "Popover",
  "TextField",
  "TableCell",
  "InputAdornment",
  "Chip",
  "internal/svg-icons/KeyboardArrowLeft",
  "internal/svg-icons/KeyboardArrowRight",
];
const shellModule = new RegExp(
  `[\\\\/]src[\\\\/](app[\\\\/]layout[\\\\/]AppLayout|components[\\\\/](LoadFailed|OnDemandMenu)|lib[\\\\/]pageSearchParams)\\.tsx?$|node_modules[\\\\/]@mui[\\\\/]material[\\\\/](${SHELL_MUI.map(escape).join("|")})[\\\\/.]`,
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [shareI18nWrapper(), lazyNumberFormat(), lightIcons(), spreadModulePreloads(), react(), preloadEntryImports()],
  // The server's build bundles its dependencies, so that they too are built for production (emotion's
  // class names, React's checks) whatever NODE_ENV the server runs with, as the browser's are.
  ssr: { noExternal: true },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  server: {
    port: 5173,
    // In development the API runs separately; the built app is served by the server itself.
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    // The server's build of the app (entry-server.tsx, for the first view) sits beside the browser's.
    outDir: isSsrBuild ? "dist-ssr" : "dist",
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // scripts/size-report.mjs reads the manifest to measure what each route loads first.
    manifest: !isSsrBuild,
    target: "es2022",
    // Every browser the target admits preloads modules itself (Safari since 17); the polyfill was
    // 0.4 KB of /login's first load.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // packages/contracts is plain declarations, but its package.json cannot say so (it is shared):
        // without this, importing one constant would keep every zod schema, and zod, in the first load.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      // The server's build is one file: a rebuild is loaded afresh (apps/server/src/plugins/ssr.ts)
      // without sharing modules, and so React contexts, with the copy loaded before it.
      output: isSsrBuild
        ? { inlineDynamicImports: true }
        : {
            // Named by their hash alone: the boot chunk lists every page's files for its preloads, and
            // the names beside the hashes were 1.4 KB of /login's first load and 3.2 KB of /home's (gzip).
            chunkFileNames: "assets/[hash].js",
            codeSplitting: {
              groups: [
                { name: "framework", test: frameworkModule, priority: 4 },
                { name: "ui", test: uiModule, priority: 4 },
                // zod: the sign-in form validates with it too, so it must not ride in the signed-in shell.
                { name: "validation", test: /node_modules[\\/]zod[\\/]/, priority: 5 },
                // The helper for dynamic imports (Vite's, which now names the app's own: vite-module-preload.ts)
                // with the task helper it uses, apart: main.tsx imports it before anything else, and it must
                // not bring the boot group's evaluation into the first task.
                { name: "preload", test: /vite[\\/]preload-helper|[\\/]src[\\/](app[\\/]modulePreload|lib[\\/]tasks)\.ts$/, priority: 6 },
                { name: "boot", test: bootModule, priority: 3 },
                { name: "login", test: loginModule, priority: 2 },
                { name: "shell", test: shellModule, priority: 1 },
                // MUI's icons that five or more pages and parts use, in one file: alone, each was a file of
                // 0.2 KB. /home loads 35 files instead of 43 (1.1 KB less), /discover 39 instead of 42, and
                // /collaborative-network 25 instead of 28 (0.2 KB more).
                { name: "icons", test: /[\\/]@mui[\\/]icons-material[\\/]/, minShareCount: 5, priority: 0.5 },
                // Likewise the library feature's modules (cards, their actions and state controls, queries)
                // that five or more pages and parts use: /home loads 27 files instead of 35 (1.8 KB less),
                // /discover 34 instead of 39 (1.2 KB more), /collaborative-network 24 instead of 25 (4.2 KB more).
                { name: "library", test: /[\\/]src[\\/]features[\\/]library[\\/]/, minShareCount: 5, priority: 0.4 },
              ],
            },
          },
    },
  },
}));
