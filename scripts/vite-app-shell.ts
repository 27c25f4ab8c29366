/**
 * Build step for the first visit on a slow link (issue 7: first visit ≤ 5 s to content on slow 3G).
 * On DevTools' slow 3G every request costs 2 s before its first byte, so what matters is how many
 * requests stand between the HTML and something on screen:
 * - the theme script (src/shell/theme-init.js) is written into index.html instead of being a file,
 *   which removes a render-blocking request; the server allows it by hash (server/plugins/security.ts
 *   hashes every inline script and style of the built index.html);
 * - index.html carries a static app shell (header and a loading line, see index.html), painted from
 *   the HTML alone and replaced when React renders;
 * - the entry's stylesheet (design tokens and base styles, about 3.5 KB compressed) is written into
 *   index.html too: a stylesheet link would hold the first paint back by one more request;
 * - for the public entry pages, a tiny inline script preloads the lazily loaded route's chunks (and
 *   its CSS) next to the entry bundle, so the route does not wait for the entry to ask for it. The
 *   CSS preloads are CORS requests (crossorigin), as Vite's own <link rel=stylesheet> for a lazy
 *   chunk is: a preload in another credentials mode is not reused and the file is fetched twice.
 *   On a prerendered page (<html data-prerendered>, scripts/prerender.mjs) the script preloads are
 *   low priority: that page paints without them, so the stylesheets come first.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Public pages people arrive on from outside (start URL, shared links), and the module of each. */
const ENTRY_ROUTES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/login': 'src/features/auth/login-page.tsx',
  '/register': 'src/features/auth/register-page.tsx',
  '/forgot-password': 'src/features/auth/forgot-password-page.tsx',
};

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/** Every file a lazily loaded module needs beyond what the entry already loads. */
function filesFor(bundle: Record<string, unknown>, moduleId: string): string[] {
  const chunks = Object.values(bundle).filter(
    (item): item is ChunkLike => (item as { type?: string }).type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set<string>();
  const collect = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entryFiles);
  const route = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleId));
  if (!route) return [];
  const files = new Set<string>();
  collect(route.fileName, files);
  const wanted = [...files].filter((file) => !entryFiles.has(file));
  const css = wanted.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  return [...new Set([...wanted, ...css])].map((file) => `/${file}`);
}

export function appShell(): Plugin {
  const themeScript = readFileSync(new URL('../src/shell/theme-init.js', import.meta.url), 'utf8').trim();
  return {
    name: 'legalconnect-app-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(THEME_SCRIPT_TAG)) throw new Error(`index.html lost ${THEME_SCRIPT_TAG}`);
        let out = html.replace(THEME_SCRIPT_TAG, () => `<script>${themeScript}</script>`);
        if (context.bundle) {
          const bundle = context.bundle;
          out = out.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
            const asset = bundle[file] as { type?: string; source?: string | Uint8Array } | undefined;
            if (asset?.type !== 'asset' || asset.source === undefined) return tag;
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            if (/<\/style/i.test(css)) return tag;
            return `<style>${css.trim()}</style>`;
          });
          const preloads: Record<string, string[]> = {};
          for (const [path, moduleId] of Object.entries(ENTRY_ROUTES)) {
            const files = filesFor(context.bundle, moduleId);
            if (files.length === 0) throw new Error(`app shell: no chunk for ${moduleId} (${path})`);
            preloads[path] = files;
          }
          const preloadScript =
            "(function(m){var f=m[location.pathname],p=document.documentElement.hasAttribute('data-prerendered');" +
            'if(!f)return;for(var i=0;i<f.length;i++){' +
            "var l=document.createElement('link');if(/\\.css$/.test(f[i])){l.rel='preload';l.as='style';l.crossOrigin=''}" +
            "else{l.rel='modulepreload';if(p)l.fetchPriority='low'}l.href=f[i];document.head.appendChild(l)}})(" +
            JSON.stringify(preloads) +
            ');';
          out = out.replace('</head>', () => `    <script>${preloadScript}</script>\n  </head>`);
        }
        return out;
      },
    },
  };
}
