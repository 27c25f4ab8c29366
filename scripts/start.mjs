// `npm start`: builds the client and the server only when their sources changed since the last
// build, then runs the built server. The key is a SHA-256 over every file the build reads (src, sw,
// server, contract, public, scripts, the HTML, manifest and build configuration, package-lock.json),
// kept in dist/.build-hash; a full build takes about two minutes on a small machine, a start with
// an up-to-date build a second. FORCE_BUILD=1 builds regardless.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'src',
  'sw',
  'server',
  'contract',
  'public',
  'scripts',
  'index.html',
  'manifest.webmanifest',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.server.json',
  'tsconfig.sw.json',
];
const HASH_FILE = path.join(root, 'dist', '.build-hash');
const OUTPUTS = [path.join(root, 'dist', 'server', 'main.js'), path.join(root, 'dist', 'client', 'index.html')];

/** Every file under `relative`, sorted, tests excluded (they are not part of the build). */
function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return files(child);
      return /\.test\.tsx?$/.test(entry.name) ? [] : [child];
    });
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
// `node scripts/start.mjs --print-hash`: the key alone (to check what a build would be keyed on).
if (process.argv.includes('--print-hash')) {
  console.log(wanted);
  process.exit(0);
}
const built = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8').trim() : null;
if (process.env.FORCE_BUILD !== '1' && built === wanted && OUTPUTS.every((file) => existsSync(file))) {
  console.log('Build is up to date with the sources; starting it (FORCE_BUILD=1 rebuilds).');
} else {
  console.log('Sources changed since the last build (or no build yet): building client and server…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(HASH_FILE, `${wanted}\n`);
}

// The server runs as a child; signals sent to this process (a supervisor's SIGTERM) are passed on,
// so it shuts down as it would when started directly.
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', 'main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
