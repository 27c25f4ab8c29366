/**
 * Documents saved for offline are answered from the device before any network, only to their
 * owner; anything else passes to the network untouched.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../src/lib/offline/db';
import { saveFile } from '../src/lib/offline/files-store';
import { answerFileRead, isSavableFileRead } from './saved-files';

const ORIGIN = 'https://legalconnect.example';
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (userId: string) => `${base64url({ alg: 'HS256' })}.${base64url({ userId })}.sig`;
const PATH = '/v1/case-assets/documents/d1/view?inline=true';
const read = (userId: string) =>
  new Request(`${ORIGIN}${PATH}`, { headers: { Authorization: `Bearer ${tokenFor(userId)}` } });

describe('saved documents in the worker', () => {
  it('takes only GETs of a document’s bytes', () => {
    const get = (path: string, method = 'GET') => ({ method, mode: 'cors' as RequestMode, url: `${ORIGIN}${path}` });
    expect(isSavableFileRead(get(PATH), ORIGIN)).toBe(true);
    expect(isSavableFileRead(get('/v1/case-assets/documents/d1'), ORIGIN)).toBe(false);
    expect(isSavableFileRead(get(PATH, 'PUT'), ORIGIN)).toBe(false);
    expect(isSavableFileRead({ ...get(PATH), url: `https://elsewhere.example${PATH}` }, ORIGIN)).toBe(false);
  });

  it('answers the saved bytes without the network, saying so; others’ requests go to the network', async () => {
    await setCurrentUser('owner');
    await saveFile({
      userId: 'owner',
      url: PATH,
      title: 'Deed',
      fileName: 'দলিল.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7').buffer,
      size: 8,
      savedAt: '2026-03-01T10:00:00.000Z',
    });
    const network = vi.fn(async () => new Response('from network'));
    const deps = { fetch: network, currentUser: async () => 'owner' };

    const saved = await answerFileRead(read('owner'), deps);
    expect(network).not.toHaveBeenCalled();
    expect(await saved.text()).toBe('%PDF-1.7');
    expect(saved.headers.get('Content-Type')).toBe('application/pdf');
    expect(saved.headers.get('X-LC-Fallback')).toBe('saved');
    expect(saved.headers.get('X-LC-Stored-At')).toBe('2026-03-01T10:00:00.000Z');
    expect(saved.headers.get('Content-Disposition')).toContain(encodeURIComponent('দলিল.pdf'));

    const stranger = await answerFileRead(read('intruder'), deps);
    expect(await stranger.text()).toBe('from network');
  });
});
