/**
 * Client build: React app in src/, hand-written service worker in sw/ via vite-plugin-pwa
 * injectManifest (we own the SW's caching rules; see docs/decisions). The web app manifest lives at
 * the top level and is passed in here so the plugin writes, links and precaches it once.
 */
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { appShell } from './scripts/vite-app-shell';

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    react(),
    appShell(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest,
      injectManifest: { globPatterns: ['**/*.{js,css,html,woff2,svg}'] },
      devOptions: { enabled: false },
    }),
  ],
  // sockjs-client reads Node's `global`.
  define: { global: 'globalThis' },
  build: { outDir: 'dist/client', sourcemap: true, target: 'es2022', manifest: true },
  server: { proxy: { '/v1': { target: 'http://localhost:8080', ws: true }, '/ai/v1': 'http://localhost:8080' } },
});
