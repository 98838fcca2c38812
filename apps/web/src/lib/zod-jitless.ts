/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it first;
 * under our CSP (script-src 'self', no 'unsafe-eval') the probe is refused and Chrome records a
 * CSP violation on every page (Lighthouse best practices: inspector-issues). This is zod's
 * documented `z.config({ jitless: true })`, written to the global config object zod shares between
 * its copies (zod/v4/core/core.js: globalThis.__zod_globalConfig), so that setting it does not pull
 * zod into the first load of /login. Import it first.
 */
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
const scope = globalThis as ZodGlobal;
(scope.__zod_globalConfig ??= {}).jitless = true;
