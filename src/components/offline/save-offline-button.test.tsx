/**
 * "Save for offline" keeps a document's bytes for the signed-in user under the path the viewer asks
 * for, says it is saved, removes the copy on request, and cannot be used offline (with the reason).
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { signInForTest, testUser } from '../../app/testing';
import { setCurrentUser } from '../../lib/offline/db';
import { savedFile, savedFileUrls } from '../../lib/offline/files-store';
import { SaveOfflineButton } from './save-offline-button';

const PATH = '/case-assets/documents/d9/view?inline=true';

const renderButton = () =>
  render(
    <AppProviders store={createAppStore()}>
      <SaveOfflineButton path={PATH} title="Land deed" fileName="deed.pdf" />
    </AppProviders>,
  );

beforeEach(async () => {
  signInForTest('USER');
  // What the app's sign-in does (device-data.ts): the device now belongs to this user, so a
  // download that ends while they are still signed in is kept.
  await setCurrentUser(testUser().id);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SaveOfflineButton', () => {
  it('saves the bytes under the viewer’s path with the bearer token, then removes them', async () => {
    const fetcher = vi.fn(
      async () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetcher);
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Save for offline: Land deed' }));
    expect(await screen.findByText('Saved for offline')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledWith(`${window.location.origin}/v1${PATH}`, {
      headers: { Authorization: 'Bearer access-token' },
    });
    const saved = await savedFile(testUser().id, `/v1${PATH}`);
    expect(saved).toMatchObject({ title: 'Land deed', fileName: 'deed.pdf', contentType: 'application/pdf' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove offline copy: Land deed' }));
    expect(await screen.findByRole('button', { name: 'Save for offline: Land deed' })).toBeTruthy();
    expect(await savedFileUrls(testUser().id)).toEqual([]);
  });

  it('keeps nothing when the user signed out before the download ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await setCurrentUser(null);
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Save for offline: Land deed' }));
    expect(await screen.findByText('Could not save the document. Please try again.')).toBeTruthy();
    expect(await savedFileUrls(testUser().id)).toEqual([]);
  });

  it('says when saving failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Save for offline: Land deed' }));
    expect(await screen.findByText('Could not save the document. Please try again.')).toBeTruthy();
  });

  it('is disabled offline, with the reason', async () => {
    renderButton();
    const button = (await screen.findByRole('button', { name: 'Save for offline: Land deed' })) as HTMLButtonElement;
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Needs an internet connection. You are offline.')).toBeTruthy();
  });
});
