/**
 * The search evaluation set (issue 20, server/search/eval): at least 80 queries in Bangla, English and
 * Banglish over the demo directory and articles. Recall@10 must be at least 0.9 in every language
 * group, over all engines and in each of them; `npm run bench:search` prints the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call } from '../../tests/helpers/server-http';
import { build } from '../app';
import { DEMO_PASSWORD } from '../demo/demo-data';
import { figures, formatFigures, runSearchEval } from './eval/run';
import EVAL_SET from './eval/search-eval.json';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const app = await build({ ...t.config, demoData: true }, { database: t.database, clock: t.clock });
  await app.close();
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('search evaluation set', () => {
  it('has at least 80 queries, in each of Bangla, English and Banglish', () => {
    const all = [...EVAL_SET.directory, ...EVAL_SET.articles];
    expect(all.length).toBeGreaterThanOrEqual(80);
    for (const group of ['bn', 'en', 'banglish']) {
      expect(all.filter((q) => q.group === group).length).toBeGreaterThanOrEqual(25);
    }
  });

  it('finds at least 9 of 10 expected hits in the first ten, in every language group and engine', async () => {
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: 'client1@legalconnect.test', password: DEMO_PASSWORD },
    });
    const token = (login.json?.data as { token: string }).token;
    const results = await runSearchEval(t.app, token);
    const report = formatFigures(results);
    for (const figure of figures(results)) {
      expect(figure.recallAt10, `${figure.engine} ${figure.group}\n${report}`).toBeGreaterThanOrEqual(0.9);
    }
  }, 120_000);
});
