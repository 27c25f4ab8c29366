import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authResponse, envelope, fakeApi, renderScreen } from '../../app/testing';
import { RegisterPage } from './register-page';

afterEach(() => vi.unstubAllGlobals());

function fillAll(password = 'Secret#123', confirm = password) {
  fireEvent.click(screen.getByLabelText(/A lawyer/));
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ayesha' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Rahman' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ayesha@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  });
}

describe('RegisterPage', () => {
  it('ticks the password rules live', () => {
    renderScreen('/register', <RegisterPage />);
    const checklist = screen.getByText('Your password needs:').parentElement as HTMLElement;
    expect(within(checklist).getAllByText(/still needed/)).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
    expect(within(checklist).queryAllByText(/still needed/)).toHaveLength(0);
  });

  it('requires consent to the terms and privacy policy, linking both', async () => {
    const calls = fakeApi(() => envelope(201, { data: authResponse('LAWYER', false) }));
    renderScreen('/register', <RegisterPage />);
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');
    fillAll();
    await submit();
    expect(screen.getByText('Please accept the Terms of Service and the Privacy Policy to continue.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses mismatched or weak passwords before calling the server', async () => {
    const calls = fakeApi(() => envelope(201, { data: authResponse('LAWYER', false) }));
    renderScreen('/register', <RegisterPage />);
    fillAll('weak', 'other');
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    expect(screen.getByText('Your password does not meet every rule below yet.')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('registers and moves to email verification with the resend wait already running', async () => {
    const calls = fakeApi(() => envelope(201, { data: authResponse('LAWYER', false) }));
    const { router, store } = renderScreen('/register', <RegisterPage />, { state: { from: '/meetings' } });
    fillAll();
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/v1/auth/register',
      body: {
        firstName: 'Ayesha',
        lastName: 'Rahman',
        email: 'ayesha@example.com',
        password: 'Secret#123',
        role: 'LAWYER',
        // The account starts in the interface language (issue 20).
        language: 'en',
      },
    });
    const state = router.state.location.state as { from: string; codeSentAt: number };
    expect(state.from).toBe('/meetings');
    expect(Date.now() - state.codeSentAt).toBeLessThan(5000);
    expect(store.getState().session.user?.emailVerified).toBe(false);
    expect(localStorage.getItem('auth_userType')).toBe('lawyer');
  });

  it("shows the server's per-field errors under their fields", async () => {
    fakeApi(() =>
      envelope(409, {
        error: {
          message: 'User with this email already exists',
          fields: [{ field: 'email', message: 'User with this email already exists' }],
        },
      }),
    );
    renderScreen('/register', <RegisterPage />);
    fillAll();
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    expect(await screen.findAllByText('User with this email already exists')).toHaveLength(2);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
