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

const PAGES = [
  { path: '/', name: 'home', module: 'src/features/home/home-page.tsx' },
  { path: '/login', name: 'login', module: 'src/features/auth/login-page.tsx' },
];

/**
 * Shown instead of the prerendered page when the early theme script (src/shell/theme-init.js) has
 * chosen Bangla or the dark theme, or found a stored session: the markup is English, light and
 * signed out, so those visitors keep the plain shell until React renders their page (a member is
 * taken on to the dashboard), rather than a flash of the wrong language, colours or page.
 */
const OTHER = ["html[lang='bn']", "html[data-theme='dark']", 'html[data-session]'];
const SWITCH_CSS =
  '.lc-shell{display:none}' +
  `${OTHER.map((html) => `${html} .lc-shell`).join(',')}{display:block}` +
  `${OTHER.map((html) => `${html} .lc-prerendered`).join(',')}{display:none}`;

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

/**
 * The template's entry script, its modulepreloads and the route preload script
 * (scripts/vite-app-shell.ts), moved into one inline script that adds them after the first paint
 * (the next frame, then a task), or after a second at the latest (a tab opened in the background
 * draws no frame). Same files, same order, same crossorigin mode as the tags they replace.
 */
function deferredScripts(html) {
  const entries = [];
  const preloads = [];
  let routePreload = '';
  let out = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src) => {
      entries.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href) => {
      preloads.push(href);
      return '';
    })
    .replace(/\s*<script>(\(function\(m\)\{var f=m\[location\.pathname\][\s\S]*?)<\/script>/, (_tag, body) => {
      routePreload = body;
      return '';
    });
  if (entries.length !== 1 || preloads.length === 0 || !routePreload)
    throw new Error('prerender: index.html lost its entry script, modulepreloads or route preload script');
  const loader =
    '(function(){var d=document,done=0;function go(){if(done)return;done=1;' +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});` +
    routePreload +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entries[0])};d.head.appendChild(s)}` +
    'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})();';
  out = out.replace(/\s*<\/head>/, () => `\n    <script>${loader}</script>\n  </head>`);
  return out;
}

const ROOT_OPEN = '<div id="root">';
const SHELL_OPEN = '<div class="lc-shell">';
rmSync(join(client, 'prerender'), { recursive: true, force: true });
mkdirSync(join(client, 'prerender'), { recursive: true });
for (const page of PAGES) {
  const rendered = await prerender(page.path);
  const { markup: html, css: attributeCss } = styleAttributesToClasses(rendered.html);
  if (/<script|<style|\sstyle=/i.test(html))
    throw new Error(`prerender ${page.path}: inline script or style in the markup`);
  const sheet = `${SWITCH_CSS}${attributeCss}`;
  // Emotion's rules in its server format: the client's cache (src/lib/theme/theme-provider.tsx,
  // key "lc") finds these elements, counts their names as inserted and adopts them, so the first
  // render skips compiling and inserting about 30 KB of rules again.
  const emotionSheets = [
    `<style data-emotion="lc ${rendered.emotion.names.join(' ')}">${rendered.emotion.css}</style>`,
    ...rendered.globals.map(({ names, css }) => `<style data-emotion="lc-global ${names}">${css}</style>`),
  ];
  const emotionCss = rendered.emotion.css + rendered.globals.map(({ css }) => css).join('');
  if (!template.includes('<html lang="en">') || !template.includes(`${ROOT_OPEN}\n      ${SHELL_OPEN}`))
    throw new Error('prerender: index.html lost its app shell');
  // Emotion's rules first (the client's Emotion cache prepends MUI's rules the same way, so our own
  // stylesheets win), the route's CSS modules last, as Vite appends them when the chunk loads (it
  // still does: the same rules twice, harmless).
  const routeSheets = routeCss(page.module).map((file) => readFileSync(join(client, file), 'utf8').trim());
  if ([sheet, emotionCss, ...routeSheets].some((text) => /<\/style/i.test(text)))
    throw new Error(`prerender ${page.path}: </style in CSS`);
  // The page paints from the HTML alone; its scripts only take over from the markup. So they are
  // requested after the first paint (deferredScripts), not while the HTML is still arriving: on a
  // slow link the text, styles and fonts of the page get the bandwidth first.
  const out = deferredScripts(template)
    .replace('<html lang="en">', () => '<html lang="en" data-prerendered>')
    .replace('<title>', () => `${emotionSheets.join('\n    ')}\n    <style>${sheet}</style>\n    <title>`)
    .replace('</head>', () => `${routeSheets.map((text) => `    <style>${text}</style>\n`).join('')}  </head>`)
    // inert until React replaces it: the markup has no handlers, so a form typed into now would be
    // wiped by the replacement, or submitted natively (a GET with the password in the address).
    .replace(ROOT_OPEN, () => `${ROOT_OPEN}<div class="lc-prerendered" inert>${html}</div>`);
  writeFileSync(join(client, 'prerender', `${page.name}.html`), out);
  console.log(
    `prerendered ${page.path}: ${(out.length / 1024).toFixed(1)} KB HTML, ${((sheet.length + emotionCss.length) / 1024).toFixed(1)} KB CSS`,
  );
}
rmSync(ssrOut, { recursive: true, force: true });
