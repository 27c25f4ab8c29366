/**
 * What the log says about refusals: an expected "not configured" 503 (Google Calendar without
 * GOOGLE_CLIENT_ID/SECRET) is an info line without a stack, not an error an operator is paged for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarMessages } from '../../contract/schedules';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call, verifiedUser } from '../../tests/helpers/server-http';

const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    build: { logStream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
});
afterAll(async () => {
  await t.close();
});

describe('log levels', () => {
  it('logs the unconfigured Google routes’ 503 at info, without a stack', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    lines.length = 0;
    const res = await call(t.app, 'GET', '/v1/schedule/oauth/authorize', { token: user.token });
    expect([res.status, res.json?.error?.message]).toEqual([503, CalendarMessages.googleNotConfigured]);

    const about = lines.filter((line) => JSON.stringify(line).includes(CalendarMessages.googleNotConfigured));
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: 30, status: 503 });
    expect(JSON.stringify(about[0])).not.toContain('stack');
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
