/**
 * The device copies of API reads: one per (user, URL), the newest kept when a user has too many,
 * and all of a user's gone after wipeUser (sign-out on a shared phone) — other users' untouched.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { StoredResponse } from './db';
import { currentUser, setCurrentUser, wipeUser } from './db';
import { RESPONSES_KEPT, saveResponse, storedResponse, storedResponseUrls } from './responses-store';

const copy = (userId: string, url: string, second = 0): StoredResponse => ({
  userId,
  url,
  body: JSON.stringify({ data: { url } }),
  status: 200,
  contentType: 'application/json',
  storedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
});

describe('response store', () => {
  it('keeps the latest answer per user and URL, each user apart', async () => {
    await saveResponse(copy('alice', '/v1/case/1', 1));
    await saveResponse({ ...copy('alice', '/v1/case/1', 2), body: '{"data":"newer"}' });
    await saveResponse(copy('bob', '/v1/case/1', 3));
    expect((await storedResponse('alice', '/v1/case/1'))?.body).toBe('{"data":"newer"}');
    expect((await storedResponse('bob', '/v1/case/1'))?.storedAt).toBe('2026-01-01T00:00:03.000Z');
    expect(await storedResponse('carol', '/v1/case/1')).toBeNull();
  });

  it('keeps at most RESPONSES_KEPT answers per user, dropping the oldest', async () => {
    for (let i = 0; i < RESPONSES_KEPT + 3; i += 1) await saveResponse(copy('dana', `/v1/page/${i}`, i));
    const urls = await storedResponseUrls('dana');
    expect(urls).toHaveLength(RESPONSES_KEPT);
    expect(urls).not.toContain('/v1/page/0');
    expect(urls).not.toContain('/v1/page/2');
    expect(urls).toContain('/v1/page/3');
    expect(urls).toContain(`/v1/page/${RESPONSES_KEPT + 2}`);
  });

  it('wipeUser deletes every stored answer of that user and no one else’s', async () => {
    await setCurrentUser('erin');
    await saveResponse(copy('erin', '/v1/case', 1));
    await saveResponse(copy('erin', '/v1/user/user-info', 2));
    await saveResponse(copy('frank', '/v1/case', 3));
    await wipeUser('erin');
    expect(await storedResponseUrls('erin')).toEqual([]);
    expect(await storedResponse('erin', '/v1/case')).toBeNull();
    expect(await storedResponseUrls('frank')).toEqual(['/v1/case']);
    expect(await currentUser()).toBeNull();
  });

  it('a copy meant only for the signed-in user is not kept once they have signed out', async () => {
    await setCurrentUser('gina');
    expect(await saveResponse(copy('gina', '/v1/case', 1), { onlyWhileSignedIn: true })).toBe(true);
    // Signed out (the wipe ran) before a late answer for them is written: it is not kept.
    await wipeUser('gina');
    expect(await saveResponse(copy('gina', '/v1/user/user-info', 2), { onlyWhileSignedIn: true })).toBe(false);
    // Nor under someone else's sign-in.
    await setCurrentUser('hugo');
    expect(await saveResponse(copy('gina', '/v1/case', 3), { onlyWhileSignedIn: true })).toBe(false);
    expect(await storedResponseUrls('gina')).toEqual([]);
  });
});
