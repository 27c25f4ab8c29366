/**
 * "Your data" on /profile: the download and the account deletion dialog (what it says, the password
 * and DELETE it asks for, the server's refusals shown, and after a deletion the session ended like a
 * sign-out, which runs the device wipe, and the home page's notice). Disabled offline with the reason.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../contract/constants';
import { ServerMessages } from '../../../contract/errors';
import { envelope, fakeApi, renderScreen, signInForTest, testUser } from '../../app/testing';
import { onLogout } from '../../lib/session/session-end';
import { DataRightsSection } from './data-rights-section';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function setOnLine(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

async function submit(dialog: HTMLElement, password: string, confirm: string) {
  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: password } });
  fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), { target: { value: confirm } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  });
}

describe('DataRightsSection: download', () => {
  it('saves the export under the server’s file name', async () => {
    signInForTest();
    // jsdom has no blob: URLs; the revoke runs on a timer after the test, so it stays a no-op.
    const createObjectURL = vi.fn(() => 'blob:export');
    const original: unknown = Reflect.get(URL, 'createObjectURL');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: original });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = fakeApi((call) =>
      call.path === '/v1/user/data-export'
        ? new Response('{"format":"legalconnect-data-export/1"}', {
            status: 200,
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition': 'attachment; filename="legalconnect-data-2026-11-25.json"',
            },
          })
        : envelope(200, { data: testUser() }),
    );
    renderScreen('/profile', <DataRightsSection />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    });
    expect(await screen.findByText('Your data was saved as legalconnect-data-2026-11-25.json.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /v1/user/data-export');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });
});

describe('DataRightsSection: delete account', () => {
  it('says what is deleted, what is kept and why, and that held payments must be settled first', () => {
    signInForTest();
    fakeApi(() => envelope(200, { data: testUser() }));
    renderScreen('/profile', <DataRightsSection />);
    const dialog = openDialog();
    const text = dialog.textContent ?? '';
    expect(text).toContain('Cases you share with a lawyer or client stay in their records');
    expect(text).toContain('Your messages stay in the other person’s conversation');
    expect(text).toContain('Payment records stay for the accounts the law requires us to keep');
    expect(text).toContain('pending or held in escrow must be cancelled, released or settled first');
    expect(text).toContain('Your private notes and private documents, your AI chats');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Your password'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the keyboard inside while open and the page still, and waits for a running deletion', async () => {
    signInForTest();
    let answer: (response: Response) => void = () => undefined;
    fakeApi((call) =>
      call.path === '/v1/user/delete-account'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : envelope(200, { data: testUser() }),
    );
    renderScreen('/profile', <DataRightsSection />);
    const opener = screen.getByRole('button', { name: 'Delete my account…' });
    opener.focus();
    const dialog = openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Your password'));
    // The page behind is out of reach while the dialog is open (MUI's modal hides it and traps focus).
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();

    await submit(dialog, 'Str0ng!Pass', 'DELETE');
    // The server has not answered: Escape and Cancel wait, so its refusal will be seen.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await act(async () => answer(envelope(409, { error: { message: ServerMessages.accountDeletionPaymentsOpen } })));
    expect(await within(dialog).findByText(ServerMessages.accountDeletionPaymentsOpen)).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('asks for DELETE before calling the server, and shows its refusals', async () => {
    signInForTest();
    let answer = envelope(400, { error: { message: ServerMessages.passwordIncorrect } });
    const calls = fakeApi((call) =>
      call.path === '/v1/user/delete-account' ? answer : envelope(200, { data: testUser() }),
    );
    renderScreen('/profile', <DataRightsSection />);
    const dialog = openDialog();

    await submit(dialog, 'Str0ng!Pass', 'delete');
    expect(within(dialog).getByText('Type DELETE in capital letters.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/user/delete-account')).toEqual([]);

    await submit(dialog, 'Wr0ng!Pass', 'DELETE');
    expect(await within(dialog).findByText(ServerMessages.passwordIncorrect)).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/user/delete-account')?.body).toEqual({
      password: 'Wr0ng!Pass',
      confirm: 'DELETE',
    });

    answer = envelope(409, { error: { message: ServerMessages.accountDeletionPaymentsOpen } });
    await submit(dialog, 'Str0ng!Pass', 'DELETE');
    expect(await within(dialog).findByText(ServerMessages.accountDeletionPaymentsOpen)).toBeTruthy();
  });

  it('after a deletion ends the session like a sign-out (the device wipe runs) and lands home with a notice', async () => {
    signInForTest();
    const wiped: (string | null)[] = [];
    const stop = onLogout((_reason, userId) => {
      wiped.push(userId);
    });
    try {
      fakeApi((call) =>
        call.path === '/v1/user/delete-account'
          ? envelope(200, { data: ServerMessages.accountDeleted, message: ServerMessages.accountDeleted })
          : envelope(200, { data: testUser() }),
      );
      const { store, findByTestId } = renderScreen('/profile', <DataRightsSection />);
      await submit(openDialog(), 'Str0ng!Pass', 'DELETE');
      const landed = await findByTestId('landed');
      expect(landed.textContent).toBe('/');
      expect(JSON.parse(landed.getAttribute('data-state') ?? 'null')).toEqual({
        notice: ServerMessages.accountDeleted,
      });
      expect(store.getState().session.token).toBeNull();
      await vi.waitFor(() => expect(wiped).toEqual([testUser().id]));
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    } finally {
      stop();
    }
  });

  it('speaks Bangla', () => {
    signInForTest();
    fakeApi(() => envelope(200, { data: testUser() }));
    renderScreen('/profile', <DataRightsSection />, { lang: 'bn' });
    fireEvent.click(screen.getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছুন…' }));
    const dialog = screen.getByRole('dialog', { name: 'আপনার অ্যাকাউন্ট মুছে ফেলবেন?' });
    expect(dialog.textContent).toContain('মুছে ফেলা ব্যবহারকারী');
  });
});

describe('DataRightsSection: offline', () => {
  it('disables the download and the deletion with the reason', () => {
    signInForTest();
    fakeApi(() => envelope(200, { data: testUser() }));
    renderScreen('/profile', <DataRightsSection />);
    act(() => setOnLine(false));
    const download = screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement;
    const remove = screen.getByRole('button', { name: 'Delete my account…' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    expect(remove.disabled).toBe(true);
    const note = screen.getByText('Needs an internet connection. You are offline.');
    expect(download.getAttribute('aria-describedby')).toBe(note.id);
    act(() => setOnLine(true));
    expect(download.disabled).toBe(false);
  });
});
