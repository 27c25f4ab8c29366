import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderScreen, signInForTest, testUser } from '../../app/testing';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it("shows the signed-in user's real data from the server", async () => {
    signInForTest('LAWYER');
    const calls = fakeApi(() =>
      envelope(200, { data: { ...testUser('LAWYER'), firstName: 'Tanvir', createdAt: '2024-03-26T10:00:00+06:00' } }),
    );
    renderScreen('/dashboard/lawyer', <DashboardPage kind="LAWYER" />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Tanvir' })).toBeTruthy();
    expect(screen.getByText('ayesha@example.com')).toBeTruthy();
    expect(screen.getByText('Lawyer')).toBeTruthy();
    expect(screen.getByText('✓ Verified')).toBeTruthy();
    expect(screen.getByText('26 March 2024')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Client cases/ }).getAttribute('href')).toBe('/cases');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/user/user-info' });
  });

  it('labels the address and its verification state as two different rows', async () => {
    signInForTest('USER');
    fakeApi(() => envelope(200, { data: testUser('USER') }));
    renderScreen('/dashboard/user', <DashboardPage kind="USER" />);
    await screen.findByRole('heading', { name: 'Welcome, Ayesha' });
    const rows = Object.fromEntries(
      [...document.querySelectorAll('.dashboard-account dl > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(rows).toMatchObject({ Email: 'ayesha@example.com', 'Email verification': '✓ Verified' });
  });

  it('labels the verification row in Bangla too', async () => {
    signInForTest('USER');
    fakeApi(() => envelope(200, { data: testUser('USER') }));
    renderScreen('/dashboard/user', <DashboardPage kind="USER" />, { lang: 'bn' });
    await screen.findByRole('heading', { name: 'স্বাগতম, Ayesha' });
    const labels = [...document.querySelectorAll('.dashboard-account dt')].map((dt) => dt.textContent);
    expect(labels).toContain('ইমেইল');
    expect(labels).toContain('ইমেইল যাচাই');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('shows the panel a feature gives it under the greeting, and the aside last', async () => {
    signInForTest('LAWYER');
    fakeApi(() => envelope(200, { data: testUser('LAWYER') }));
    renderScreen(
      '/dashboard/lawyer',
      <DashboardPage kind="LAWYER" panel={<p>live panel</p>} aside={<p>feedback aside</p>} />,
    );
    await screen.findByRole('heading', { name: 'Welcome, Ayesha' });
    const text = document.body.textContent ?? '';
    expect(text.indexOf('live panel')).toBeLessThan(text.indexOf('Your account'));
    expect(text.indexOf('feedback aside')).toBeGreaterThan(text.indexOf('What you can do next'));
  });

  it.each([
    ['USER', '/dashboard/user'],
    ['LAWYER', '/dashboard/lawyer'],
  ] as const)('shows the calendar it is given on the %s dashboard', async (role, path) => {
    signInForTest(role);
    fakeApi(() => envelope(200, { data: testUser(role) }));
    renderScreen(path, <DashboardPage kind={role} calendar={<section id="calendar">the calendar</section>} />);
    await screen.findByRole('heading', { name: 'Welcome, Ayesha' });
    expect(document.getElementById('calendar')?.textContent).toBe('the calendar');
  });

  it('has no calendar on the admin dashboard', async () => {
    signInForTest('ADMIN');
    fakeApi(() => envelope(200, { data: testUser('ADMIN') }));
    renderScreen('/dashboard/admin', <DashboardPage kind="ADMIN" calendar={<section id="calendar" />} />);
    await screen.findByRole('heading', { name: 'Welcome, Ayesha' });
    expect(document.getElementById('calendar')).toBeNull();
  });

  it('tells a non-admin on the admin dashboard the way to their own', async () => {
    signInForTest('USER');
    const calls = fakeApi(() => envelope(200, { data: testUser('USER') }));
    renderScreen('/dashboard/admin', <DashboardPage kind="ADMIN" />);
    expect(screen.getByRole('alert').textContent).toBe('Access denied. This dashboard is for administrators.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard/user');
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the account cannot be loaded', async () => {
    signInForTest('ADMIN');
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderScreen('/dashboard/admin', <DashboardPage kind="ADMIN" />);
    expect(await screen.findByText('Your account details could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Network error. Please check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
