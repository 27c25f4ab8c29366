import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authResponse, envelope, fakeApi, renderScreen, signInForTest } from '../../app/testing';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
}

describe('LoginPage', () => {
  it('tells a guest sent here from the directory why, and returns there after signing in', async () => {
    fakeApi(() => envelope(200, { data: authResponse('USER') }));
    const { router } = renderScreen('/login', <LoginPage />, { state: { from: '/find-lawyer?spec=FAMILY_LAW' } });
    expect(screen.getByText('Sign in or create a free account to see verified lawyers.')).toBeTruthy();
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/find-lawyer'));
    expect(router.state.location.search).toBe('?spec=FAMILY_LAW');
  });

  it('sends someone already signed in on to their dashboard, or to where they were heading', () => {
    signInForTest('LAWYER');
    const { router, unmount } = renderScreen('/login', <LoginPage />);
    expect(router.state.location.pathname).toBe('/dashboard/lawyer');
    expect(screen.queryByLabelText('Password')).toBeNull();
    unmount();
    const again = renderScreen('/login', <LoginPage />, { state: { from: '/cases?x=1' } });
    expect(again.router.state.location.pathname).toBe('/cases');
    expect(again.router.state.location.search).toBe('?x=1');
  });

  it('gives each guarded place its own reason, and none to someone who came by themselves', () => {
    const { unmount } = renderScreen('/login', <LoginPage />, { state: { from: '/ai-chat' }, lang: 'bn' });
    expect(screen.getByText('এআই আইনি সহকারীকে প্রশ্ন করতে সাইন ইন করুন অথবা বিনামূল্যে অ্যাকাউন্ট খুলুন।')).toBeTruthy();
    unmount();
    localStorage.clear();
    renderScreen('/login', <LoginPage />);
    expect(screen.queryByText(/create a free account to/)).toBeNull();
  });

  it('signs in, stores the session and returns to the remembered page', async () => {
    const calls = fakeApi(() => envelope(200, { data: authResponse('USER') }));
    const { router } = renderScreen('/login', <LoginPage />, { state: { from: '/cases?x=1' } });
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cases'));
    expect(router.state.location.search).toBe('?x=1');
    expect(calls).toEqual([
      { method: 'POST', path: '/v1/auth/login', body: { email: 'ayesha@example.com', password: 'Secret#123' } },
    ]);
    expect(localStorage.getItem('auth_token')).toBe('access-token');
    expect(localStorage.getItem('auth_isLoggedIn')).toBe('true');
    expect(localStorage.getItem('auth_userType')).toBe('user');
    expect(JSON.parse(localStorage.getItem('auth_userInfo') ?? '{}')).toMatchObject({ email: 'ayesha@example.com' });
    expect(localStorage.getItem('auth_refreshToken')).toBe('refresh-token');
  });

  it("goes to the role's dashboard when nothing was remembered", async () => {
    fakeApi(() => envelope(200, { data: authResponse('LAWYER') }));
    const { router } = renderScreen('/login', <LoginPage />);
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lawyer'));
  });

  it('ignores a remembered address that leaves the app', async () => {
    fakeApi(() => envelope(200, { data: authResponse('ADMIN') }));
    const { router } = renderScreen('/login', <LoginPage />, { state: { from: '//evil.example/x' } });
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin'));
  });

  it("shows the server's reason and stays signed out", async () => {
    fakeApi(() => envelope(401, { error: { message: 'Invalid credentials' } }));
    const { store } = renderScreen('/login', <LoginPage />);
    fill('ayesha@example.com', 'wrong');
    await submit();
    expect((await screen.findByRole('alert', { name: '' })).textContent).toBe('Invalid credentials');
    expect(store.getState().session.token).toBeNull();
  });

  it('shows the failure in Bangla when the UI is Bangla', async () => {
    fakeApi(() => envelope(401, { error: { message: 'Invalid credentials' } }));
    renderScreen('/login', <LoginPage />, { lang: 'bn' });
    fireEvent.change(screen.getByLabelText('ইমেইল'), { target: { value: 'ayesha@example.com' } });
    fireEvent.change(screen.getByLabelText('পাসওয়ার্ড'), { target: { value: 'wrong' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'সাইন ইন' }));
    });
    expect(await screen.findByText('ইমেইল বা পাসওয়ার্ড সঠিক নয়')).toBeTruthy();
  });

  it('refuses an answer without a usable token (docs/product.md §5)', async () => {
    fakeApi(() => envelope(200, { data: { ...authResponse('USER'), token: 'undefined' } }));
    const { store } = renderScreen('/login', <LoginPage />);
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    expect(await screen.findByText('Invalid authentication token received')).toBeTruthy();
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('falls back to the login message of docs/product.md §8 when the server gives no reason', async () => {
    fakeApi(() => new Response('', { status: 409 }));
    renderScreen('/login', <LoginPage />);
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });

  it('checks the fields before calling the server', async () => {
    const calls = fakeApi(() => envelope(200, { data: authResponse() }));
    renderScreen('/login', <LoginPage />);
    fill('not-an-email', '');
    await submit();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('disables the button while signing in', async () => {
    let answer: (r: Response) => void = () => undefined;
    fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderScreen('/login', <LoginPage />);
    fill('ayesha@example.com', 'Secret#123');
    await submit();
    const button = screen.getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => answer(envelope(401, { error: { message: 'Invalid credentials' } })));
  });
});
