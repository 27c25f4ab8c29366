// Build step: prerender `/login` into dist/client/prerender/login.html (`/` is not: it measured
// worse, see the decision)
// (docs/decisions/0020-prerendered-entry-pages.md). Runs after `vite build`: it builds
// src/prerender.tsx for Node, renders each page (English, light theme, signed out), and writes the
// markup into a copy of the built index.html. Emotion's rules and the route's own CSS are written
// into the page as <style> elements, so it paints from the HTML alone (on slow 3G a stylesheet
// request costs 2 s more); server/plugins/security.ts allows them by hash, as it does index.html's
// inline script and style, which the copies keep byte for byte. server/plugins/static-client.ts
// serves the copy for exactly that path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const client = join(root, 'dist', 'client');
const ssrOut = join(root, 'dist', 'prerender-ssr');

const PAGES = [{ path: '/login', name: 'login', module: 'src/features/auth/login-page.tsx' }];

/**
 * Shown instead of the prerendered page when the early theme script (src/shell/theme-init.js) has
 * chosen Bangla or the dark theme: the markup is English and light, so those visitors keep the plain
 * shell until React renders their page, rather than a flash of the wrong language or colours.
 */
const SWITCH_CSS =
  '.lc-shell{display:none}' +
  "html[lang='bn'] .lc-shell,html[data-theme='dark'] .lc-shell{display:block}" +
  "html[lang='bn'] .lc-prerendered,html[data-theme='dark'] .lc-prerendered{display:none}";

await build({
  configFile: false,
  root,
  logLevel: 'error',
  plugins: [
    react(),
    // The service worker's registration runs in effects, which a prerender never runs.
    {
      name: 'prerender-no-pwa',
      resolveId: (id) => (id === 'virtual:pwa-register' ? '\0pwa-register' : null),
      load: (id) =>
        id === '\0pwa-register' ? 'export function registerSW() { return () => Promise.resolve(); }' : null,
    },
  ],
  define: { global: 'globalThis' },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    sourcemap: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
  ssr: { noExternal: true },
});

// The pages read storage and media queries while rendering; a first visitor has nothing stored.
const memory = new Map();
globalThis.localStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => memory.set(key, String(value)),
  removeItem: (key) => memory.delete(key),
  clear: () => memory.clear(),
  key: () => null,
  length: 0,
};

globalThis.window = {
  location: new URL('http://localhost/'),
  localStorage: globalThis.localStorage,
  matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  addEventListener() {},
  removeEventListener() {},
};
if (typeof globalThis.navigator === 'undefined') {
  globalThis.navigator = { onLine: true, language: 'en', userAgent: 'prerender' };
}

const { prerender } = await import(join(ssrOut, 'prerender.mjs'));
const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8'));
const template = readFileSync(join(client, 'index.html'), 'utf8');

/** CSS files of a lazily loaded module beyond the entry's own (which index.html already inlines). */
function routeCss(moduleId) {
  const collect = (key, into) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
    return into;
  };
  const entry = collect('index.html', new Set());
  const route = [...collect(moduleId, new Set())].filter((key) => !entry.has(key));
  return [...new Set(route.flatMap((key) => manifest[key].css ?? []))];
}

/**
 * React writes `style` props as style="…" attributes, which the CSP's style-src (no 'unsafe-inline')
 * refuses in markup; the client sets them through element.style, which it allows. Each distinct
 * declaration list becomes a class of the page's inline stylesheet instead.
 */
function styleAttributesToClasses(html) {
  const classes = new Map();
  const unescape = (text) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const markup = html.replace(
    /<([a-zA-Z][^\s>]*)([^>]*?)\sstyle="([^"]*)"([^>]*)>/g,
    (_tag, name, before, style, after) => {
      if (!classes.has(style)) classes.set(style, `lc-pre-s${classes.size}`);
      const cls = classes.get(style);
      let attributes = `${before}${after}`;
      attributes = /\sclass="/.test(attributes)
        ? attributes.replace(/\sclass="([^"]*)"/, (_m, value) => ` class="${value} ${cls}"`)
        : ` class="${cls}"${attributes}`;
      return `<${name}${attributes}>`;
    },
  );
  const css = [...classes].map(([style, cls]) => `.${cls}{${unescape(style)}}`).join('');
  return { markup, css };
}

const ROOT_OPEN = '<div id="root">';
const SHELL_OPEN = '<div class="lc-shell">';
rmSync(join(client, 'prerender'), { recursive: true, force: true });
mkdirSync(join(client, 'prerender'), { recursive: true });
for (const page of PAGES) {
  const rendered = await prerender(page.path);
  const { markup: html, css: attributeCss } = styleAttributesToClasses(rendered.html);
  const css = `${rendered.css}${attributeCss}`;
  if (/<script|<style|\sstyle=/i.test(html))
    throw new Error(`prerender ${page.path}: inline script or style in the markup`);
  const sheet = `${SWITCH_CSS}${css}`;
  if (!template.includes('<html lang="en">') || !template.includes(`${ROOT_OPEN}\n      ${SHELL_OPEN}`))
    throw new Error('prerender: index.html lost its app shell');
  // Emotion's rules first (the client's Emotion cache prepends MUI's rules the same way, so our own
  // stylesheets win), the route's CSS modules last, as Vite appends them when the chunk loads (it
  // still does: the same rules twice, harmless).
  const routeSheets = routeCss(page.module).map((file) => readFileSync(join(client, file), 'utf8').trim());
  if ([sheet, ...routeSheets].some((text) => /<\/style/i.test(text)))
    throw new Error(`prerender ${page.path}: </style in CSS`);
  // The page paints from the HTML alone: its scripts (which only take over from the markup) are
  // fetched at low priority so that on a slow link they do not share the bandwidth the rest of the
  // HTML needs. data-prerendered tells the route preload script (scripts/vite-app-shell.ts)
  // to do the same.
  const out = template
    .replace('<html lang="en">', () => '<html lang="en" data-prerendered>')
    .replace(
      /<script type="module" crossorigin src=/g,
      () => '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      () => '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    )
    .replace('<title>', () => `<style>${sheet}</style>\n    <title>`)
    .replace('</head>', () => `${routeSheets.map((text) => `    <style>${text}</style>\n`).join('')}  </head>`)
    // inert until React replaces it: the markup has no handlers, so a form typed into now would be
    // wiped by the replacement, or submitted natively (a GET with the password in the address).
    .replace(ROOT_OPEN, () => `${ROOT_OPEN}<div class="lc-prerendered" inert>${html}</div>`);
  writeFileSync(join(client, 'prerender', `${page.name}.html`), out);
  console.log(
    `prerendered ${page.path}: ${(out.length / 1024).toFixed(1)} KB HTML, ${(sheet.length / 1024).toFixed(1)} KB CSS`,
  );
}
rmSync(ssrOut, { recursive: true, force: true });
