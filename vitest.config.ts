/**
 * One Vitest run: client unit tests (jsdom), the server suites on embedded PGlite and — when
 * DATABASE_URL is set — again on PostgreSQL, and end-to-end journeys in Debian's Chromium against
 * the built app.
 * The PWA plugin stays out of here on purpose (it is a build concern).
 */
import { defineConfig } from 'vitest/config';

/** One server project: the API against a real database chosen by `env` (see server-global-setup). */
function serverProject(name: string, groupOrder: number, env: Record<string, string>) {
  return {
    test: {
      name,
      sequence: { groupOrder },
      environment: 'node' as const,
      include: ['server/**/*.test.ts'],
      globalSetup: ['tests/helpers/server-global-setup.ts'],
      env,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      fileParallelism: true,
      maxWorkers: 2,
    },
  };
}

export default defineConfig({
  define: { global: 'globalThis' },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        define: { global: 'globalThis' },
        // vite-plugin-pwa's `virtual:pwa-register` exists only in a build (the PWA plugin stays out of
        // tests); resolve it to an inert stand-in so modules importing it load, and tests vi.mock it.
        plugins: [
          {
            name: 'pwa-register-stand-in',
            resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0virtual:pwa-register' : undefined),
            load: (id: string) =>
              id === '\0virtual:pwa-register' ? 'export const registerSW = () => () => Promise.resolve();' : undefined,
          },
        ],
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['tests/helpers/unit-setup.ts'],
          // Material UI renders a deeper tree than plain elements, and jsdom is slow with it on a
          // loaded 2-core machine: a screen test gets 20 s before it counts as hung.
          testTimeout: 20_000,
        },
      },
      // The server suites on the embedded database, always (DATABASE_URL hidden from the workers)…
      serverProject('server', 1, { DATABASE_URL: '' }),
      // …and the same suites again on PostgreSQL when DATABASE_URL is set (CI sets it).
      ...(process.env.DATABASE_URL ? [serverProject('server-pg', 2, {})] : []),
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // The security suites (issue 11; tests/security/: contract fuzzing, authorization matrix, sessions,
      // uploads, headers), on the embedded database (DATABASE_URL hidden, like "server"), one file at
      // a time and last of all, so their timings are their own. `npm run test:security` runs them alone.
      {
        test: {
          name: 'security',
          sequence: { groupOrder: 5 },
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/helpers/server-global-setup.ts'],
          // PostgreSQL stays reachable as LC_PG_URL for the suites that start two instances on it.
          env: { DATABASE_URL: '', LC_PG_URL: process.env.LC_PG_URL ?? process.env.DATABASE_URL ?? '' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // The chat chaos test (tests/chaos/): the built server restarted under 50 flaky clients (on PGlite,
      // and as two instances on PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set). Its size
      // is CHAOS_MESSAGES (2 000 in `npm test`); `npm run test:chaos` runs it alone with 10 000.
      // Also the load tests' smoke version (tests/load/*.test.ts; `npm run bench` measures them in full).
      {
        test: {
          name: 'chaos',
          sequence: { groupOrder: 4 },
          environment: 'node',
          include: ['tests/chaos/**/*.test.ts', 'tests/load/**/*.test.ts'],
          testTimeout: 20 * 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
