/**
 * Preconditions of the end-to-end project, checked once before any browser test runs. A missing
 * browser or build FAILS the run with a message saying what to do: an e2e suite that silently skips
 * would report green while proving nothing (issue 2: "npm test must fail loudly, not skip").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_PATH, launchBrowser } from './browser';
import { REPO_ROOT, SERVER_ENTRY } from './e2e-server';

export default async function checkE2EPreconditions(): Promise<void> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      [
        `End-to-end tests need Chromium, and there is none at ${CHROME_PATH}.`,
        "Install Debian's build (`apt-get install -y chromium`; .ci/run does this) or point CHROME_PATH at a",
        'Chromium/Chrome executable. These tests never skip: a run without a browser is a failed run.',
      ].join('\n'),
    );
  }

  const missing = [
    join(REPO_ROOT, 'dist', 'client', 'index.html'),
    join(REPO_ROOT, 'dist', 'client', 'sw.js'),
    SERVER_ENTRY,
  ]
    .filter((file) => !existsSync(file))
    .map((file) => file.slice(REPO_ROOT.length));
  if (missing.length > 0) {
    throw new Error(
      `End-to-end tests run against the built app, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. ` +
        'Run `npm run build` first (`npm test` does).',
    );
  }

  try {
    const browser = await launchBrowser();
    await browser.close();
  } catch (error) {
    throw new Error(`Chromium at ${CHROME_PATH} does not start: ${(error as Error).message}`);
  }
}
