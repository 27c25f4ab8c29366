/**
 * zod checks whether it may compile parsers with `new Function` (faster object parsing) the moment
 * a z.object() is built. Our CSP forbids eval (script-src has no 'unsafe-eval',
 * server/plugins/security.ts), so in the browser that probe is refused and Chrome logs a CSP
 * violation on every page that loads the contract's schemas (Lighthouse counted it against best
 * practices on /login). Telling zod up front that eval is off (`jitless`) skips the probe; parsing
 * is the same, only interpreted.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js: every copy
 * of zod on a page shares it, and `z.config()` writes to it); setting it here, before zod loads,
 * keeps zod itself out of the entry. Imported first by src/main.tsx, so it runs before any screen
 * chunk builds a schema; zod-csp.test.ts checks that zod picks it up.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
