/** The running build's version, read from package.json next to the source tree or the bundle. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function readVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // server/version.ts → ../package.json; dist/server/main.js → ../../package.json
  for (const candidate of [path.join(here, '..', 'package.json'), path.join(here, '..', '..', 'package.json')]) {
    if (!existsSync(candidate)) continue;
    const parsed: unknown = JSON.parse(readFileSync(candidate, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string') {
      return parsed.version;
    }
  }
  return '0.0.0';
}

export const APP_VERSION = readVersion();
