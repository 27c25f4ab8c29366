import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderScreen, signInForTest, testUser, type FakeCall } from '../../app/testing';
import { ProfilePage } from './profile-page';

afterEach(() => vi.unstubAllGlobals());

function api(changePassword: () => Response, extra?: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/v1/user/change-password') return changePassword();
    return envelope(200, { data: testUser() });
  });
}

async function changePassword(oldPassword: string, password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  });
}

describe('ProfilePage: change password (docs/product.md §5)', () => {
  it('succeeds on 200 with data true', async () => {
    signInForTest();
    const calls = api(() => envelope(200, { data: true }));
    renderScreen('/profile', <ProfilePage />);
    await changePassword('Old#Pass1', 'New#Pass12');
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/user/change-password')).toEqual({
      method: 'PUT',
      path: '/v1/user/change-password',
      body: { oldPassword: 'Old#Pass1', password: 'New#Pass12' },
    });
  });

  it('fails on 200 without data true', async () => {
    signInForTest();
    api(() => envelope(200, { data: false }));
    renderScreen('/profile', <ProfilePage />);
    await changePassword('Old#Pass1', 'New#Pass12');
    expect(await screen.findByText('Failed to change password.')).toBeTruthy();
  });

  it("shows the server's reason", async () => {
    signInForTest();
    api(() => envelope(400, { error: { message: 'Old password is incorrect' } }));
    renderScreen('/profile', <ProfilePage />);
    await changePassword('Wrong#Pass1', 'New#Pass12');
    expect(await screen.findByText('Old password is incorrect')).toBeTruthy();
  });
});

describe('ProfilePage: name', () => {
  it('loads the name and saves a new one', async () => {
    signInForTest();
    const calls = api(
      () => envelope(200, { data: true }),
      (call) =>
        call.method === 'PUT' && call.path === '/v1/user/user-info'
          ? envelope(200, { data: { ...testUser(), firstName: 'Ayesha', lastName: 'Khan' } })
          : undefined,
    );
    const { store } = renderScreen('/profile', <ProfilePage />);
    const last = (await screen.findByLabelText('Last name')) as HTMLInputElement;
    expect(last.value).toBe('Rahman');
    fireEvent.change(last, { target: { value: 'Khan' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    });
    expect(await screen.findByText('Your name is saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firstName: 'Ayesha', lastName: 'Khan' });
    expect(store.getState().session.user?.lastName).toBe('Khan');
  });
});

describe('ProfilePage: picture', () => {
  it('refuses a file of the wrong type or size before uploading', async () => {
    signInForTest();
    api(() => envelope(200, { data: true }));
    renderScreen('/profile', <ProfilePage />);
    const input = await screen.findByLabelText('Choose a picture');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText('Profile picture must be a PNG, JPEG or WebP image of at most 5 MB')).toBeTruthy();
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(screen.getByText('Profile picture must be a PNG, JPEG or WebP image of at most 5 MB')).toBeTruthy();
  });
});
