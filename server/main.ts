/**
 * The process: read the configuration, build the app, listen, and close gracefully on SIGINT or
 * SIGTERM (stop accepting, finish in-flight requests, close the database).
 */
import { build } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError } from './db/client';
import { DEMO_PASSWORD, type DemoAccount } from './demo/demo-data';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await build(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  printBanner(config, app.services.demoAccounts);
  // Load and index the law corpus now rather than on the first AI question (a few seconds).
  app.services.ai.ready().catch((error: unknown) => app.log.error({ err: error }, 'law corpus failed to load'));
}

function printBanner(config: Config, demoAccounts: readonly DemoAccount[] | null): void {
  const lines = [
    '',
    `LegalConnect is running at ${config.publicUrl}`,
    `API docs: ${config.publicUrl}/v1/docs`,
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `Mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `.eml files in ${config.dataDir}/mail`}`,
  ];
  if (demoAccounts) {
    const width = Math.max(...demoAccounts.map((a) => a.email.length));
    lines.push('', `Demo logins (password for all: ${DEMO_PASSWORD})`);
    lines.push(`  ${'Role'.padEnd(7)} ${'Email'.padEnd(width)}  Name`);
    for (const account of demoAccounts) {
      lines.push(
        `  ${account.role.padEnd(7)} ${account.email.padEnd(width)}  ${account.firstName} ${account.lastName}`,
      );
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A known start-up refusal is one clear line; anything else keeps its stack for the bug report.
  console.error('LegalConnect failed to start:', error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
