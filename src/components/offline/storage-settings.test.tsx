/**
 * "Storage & offline": counts what the phone keeps for the signed-in user, clears it after a
 * confirmation (keeping messages waiting to be sent), turns copies off and Offline Mode on; Bangla.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { signInForTest, testUser } from '../../app/testing';
import { offlineDb } from '../../lib/offline/db';
import { keepOfflineCopies, userStoreCounts } from '../../lib/offline/device-storage';
import { offlineModeOn } from '../../lib/offline/offline-mode';
import { saveResponse } from '../../lib/offline/responses-store';
import { StorageSettings } from './storage-settings';

const renderSettings = () => render(<AppProviders store={createAppStore()}>{<StorageSettings />}</AppProviders>);

beforeEach(async () => {
  signInForTest('USER');
  const userId = testUser().id;
  for (const url of ['/v1/case', '/v1/case/1']) {
    await saveResponse({ userId, url, body: '{}', status: 200, contentType: 'application/json', storedAt: 'x' });
  }
  const db = await offlineDb();
  await db.put('outbox', {
    userId,
    id: 'o1',
    kind: 'chat.send',
    payload: {},
    createdAt: 'x',
    attempts: 0,
    state: 'pending',
    error: null,
  });
});

afterEach(async () => {
  localStorage.clear();
  const db = await offlineDb();
  await db.clear('responses');
  await db.clear('outbox');
  await db.delete('meta', 'keepOfflineCopies');
});

describe('StorageSettings', () => {
  it('counts what is kept, and clears it after a confirmation, keeping unsent messages', async () => {
    renderSettings();
    const screens = await screen.findByText('Screens saved');
    expect(screens.nextElementSibling?.textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Clear offline data' }));
    const confirm = screen.getByRole('group');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Offline data cleared.')).toBeTruthy();
    expect(await userStoreCounts(testUser().id)).toMatchObject({ responses: 0, outbox: 1 });
    expect(screen.getByText('Screens saved').nextElementSibling?.textContent).toBe('0');
  });

  it('turns offline copies off (deleting them) and Offline Mode on', async () => {
    renderSettings();
    await screen.findByText('Screens saved');
    const copies = screen.getByRole('switch', { name: 'Keep offline copies' }) as HTMLInputElement;
    expect(copies.checked).toBe(true);
    fireEvent.click(copies);
    expect(await screen.findByText('Offline copies are off, and the copies on this phone were deleted.')).toBeTruthy();
    expect(await keepOfflineCopies()).toBe(false);
    expect((await userStoreCounts(testUser().id)).responses).toBe(0);

    fireEvent.click(screen.getByRole('switch', { name: 'Use Offline Mode' }));
    expect(offlineModeOn()).toBe(true);
  });

  it('speaks Bangla', async () => {
    localStorage.setItem('language', 'bn');
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'স্টোরেজ ও অফলাইন' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'অফলাইন ডেটা মুছুন' })).toBeTruthy();
  });
});
