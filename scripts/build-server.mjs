// Bundles the server (server/main.ts and everything it imports of ours, contract included) into
// dist/server/main.js: ESM for Node, npm packages left external (they are in node_modules at run
// time), with a source map. The SQL migrations are copied beside the bundle, where the migrator
// looks for them (server/db/client.ts → findMigrationsFolder), and so are the embedded database's
// worker thread (plain JavaScript, server/db/pglite-thread.ts looks beside the bundle) and the
// packed law corpus.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'server');

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts'],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
await cp(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The database thread's files (decisions 0018, 0019): plain JavaScript, run as they are.
for (const file of ['pglite-worker.mjs', 'pglite-prepared.mjs']) {
  await cp(path.join(root, 'server', 'db', file), path.join(outdir, file));
}
// The law corpus, loaded into the database at first start (server/ai/corpus/corpus.ts looks beside the bundle).
await cp(path.join(root, 'server', 'ai', 'corpus', 'laws.json.gz'), path.join(outdir, 'corpus', 'laws.json.gz'));

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server bundle: dist/server/main.js (${(bytes / 1024).toFixed(0)} KiB with source map), migrations, database worker and law corpus copied`,
);
