/**
 * The service worker's push decisions (its events cannot be clicked from a browser test):
 * which payloads count, when a push is shown, where a tap leads, and which window it reuses.
 */
import { describe, expect, it } from 'vitest';
import { parsePushPayload, pushTarget, shouldShowPush, windowFor } from './push';

const ORIGIN = 'https://legalconnect.example';
const payload = {
  id: '5f0c9b4e-3a47-4c1e-9d2b-6a8e1f0c7b21',
  type: 'CASE_CREATE',
  title: 'New case',
  body: 'A case was opened for you',
  link: '/case/1',
  createdAt: '2026-11-24T06:00:00.000Z',
};

describe('push in the service worker', () => {
  it('takes docs/api.md §4 payloads and nothing else', () => {
    expect(parsePushPayload(payload)).toEqual(payload);
    expect(parsePushPayload({ ...payload, link: undefined })).toEqual({ ...payload, link: null });
    expect(parsePushPayload({ ...payload, title: 3 })).toBeNull();
    expect(parsePushPayload('text')).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
  });

  it('shows a push unless a window of the app is focused and visible', () => {
    expect(shouldShowPush([])).toBe(true);
    expect(shouldShowPush([{ focused: false, visibilityState: 'hidden', url: `${ORIGIN}/` }])).toBe(true);
    expect(shouldShowPush([{ focused: true, visibilityState: 'hidden', url: `${ORIGIN}/` }])).toBe(true);
    expect(shouldShowPush([{ focused: true, visibilityState: 'visible', url: `${ORIGIN}/` }])).toBe(false);
  });

  it('follows only in-app links', () => {
    expect(pushTarget('/case/1', ORIGIN)).toBe(`${ORIGIN}/case/1`);
    expect(pushTarget('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pushTarget('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pushTarget('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pushTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('reuses the window already at the link, else any window of the app, else none', () => {
    const a = { url: `${ORIGIN}/dashboard/user` };
    const b = { url: `${ORIGIN}/case/1` };
    expect(windowFor([a, b], `${ORIGIN}/case/1`)).toBe(b);
    expect(windowFor([a], `${ORIGIN}/case/1`)).toBe(a);
    expect(windowFor([], `${ORIGIN}/case/1`)).toBeNull();
  });
});
