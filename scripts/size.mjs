/**
 * Home page first-load JavaScript budget: 190 KB gzipped (issue 18; issue 2 had set 200 KB before
 * Material UI). MUI costs about 46 KB of its own even with the navigation drawer and the account
 * menu loaded lazily; it fits because the entry no longer carries what the first screen does not
 * use: RTK Query and the API's endpoints (src/lib/api/api-loaded.ts), the offline store, the
 * contract's error texts (docs/benchmarks.md has the figures). Runs after `vite build`
 * (`npm run build:client` and `npm run size`) and exits 1 when over budget, so a heavy import in
 * the shell fails the build instead of slowly costing 2G users seconds on every first visit.
 *
 * What counts is every JS file a first visit to / downloads:
 * - the entry chunk and its static imports (the <script type=module> and modulepreload tags);
 * - the lazily loaded home route (src/features/home/home-page.tsx, as the router imports it) and
 *   its static imports;
 * - workbox-window, which registerSW imports dynamically right after the page has loaded.
 * The service worker itself is not page JavaScript and is reported separately.
 *
 * Chunks are identified from Vite's build manifest (dist/client/.vite/manifest.json, written when
 * vite.config.ts sets `build.manifest: true`). Without it, the entry comes from index.html's tags,
 * the home route and workbox-window from their chunk file names, and static imports from the
 * chunks' own `import … from "./x.js"` statements.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 190 * 1000;
const HOME_ROUTE_SOURCE = 'src/features/home/home-page.tsx';
const HOME_ROUTE_CHUNK = /^assets\/home-page-[\w-]+\.js$/;
const WORKBOX_WINDOW_CHUNK = /^assets\/workbox-window[\w.-]*\.js$/;
const client = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const read = (file) => readFileSync(join(client, file));
const gzipped = (file) => gzipSync(read(file)).length;

function fromViteManifest(manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const keys = Object.keys(manifest);
  const entries = keys.filter((key) => manifest[key].isEntry);
  const registration = keys.filter((key) => key.includes('node_modules/workbox-window/'));
  for (const key of [...entries, HOME_ROUTE_SOURCE, ...registration]) visit(key);
  const notes = manifest[HOME_ROUTE_SOURCE] ? [] : [`${HOME_ROUTE_SOURCE} is not in the build manifest`];
  return { files, notes };
}

function fromFiles() {
  const html = read('index.html').toString('utf8');
  const roots = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const assets = existsSync(join(client, 'assets'))
    ? readdirSync(join(client, 'assets')).map((name) => `assets/${name}`)
    : [];
  const home = assets.filter((file) => HOME_ROUTE_CHUNK.test(file));
  roots.push(...home, ...assets.filter((file) => WORKBOX_WINDOW_CHUNK.test(file)));

  const files = new Set();
  const visit = (file) => {
    if (files.has(file) || !existsSync(join(client, file))) return;
    files.add(file);
    const code = read(file).toString('utf8');
    for (const match of code.matchAll(/\b(?:import|export)\s*(?:[^'"`;]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(posix.join(posix.dirname(file), match[1]));
    }
  };
  for (const file of roots) visit(file);
  const notes = [
    'no build manifest (set build.manifest: true in vite.config.ts): chunks found from index.html, file names and import statements',
  ];
  if (home.length === 0) notes.push('no home-page chunk found in dist/client/assets');
  return { files, notes };
}

if (!existsSync(join(client, 'index.html'))) {
  console.error('size: dist/client/index.html not found; run `vite build` first.');
  process.exit(1);
}

const manifestPath = join(client, '.vite', 'manifest.json');
const { files, notes } = existsSync(manifestPath)
  ? fromViteManifest(JSON.parse(readFileSync(manifestPath, 'utf8')))
  : fromFiles();

const rows = [...files].map((file) => ({ file, gzip: gzipped(file) })).sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);

for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}`);
if (existsSync(join(client, 'sw.js')))
  console.log(`  (service worker sw.js: ${kb(gzipped('sw.js'))} gzipped, not counted)`);
for (const note of notes) console.log(`  note: ${note}`);
console.log(`Home first-load JS: ${kb(total)} gzipped (budget ${BUDGET_BYTES / 1000} KB)`);

if (total > BUDGET_BYTES) {
  console.error(`size: over budget by ${kb(total - BUDGET_BYTES)}; lazy-load what the home page does not need.`);
  process.exit(1);
}
