import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { envelope, fakeServer, signInForTest, type FakeRequest } from '../../app/testing';
import { adminLawyer, LAWYER_ID, pageMeta } from '../../app/testing-lawyers';
import { LawyerManagementPage } from './lawyer-management-page';
import { LawyerVerificationPage } from './lawyer-verification-page';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const OTHER_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function open(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      { path: '/admin/lawyers', element: <LawyerManagementPage /> },
      { path: '/admin/lawyers/:lawyerId', element: <LawyerVerificationPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** An admin API with two pending lawyers; `verdict` answers approve/reject. */
function adminServer(verdict: (call: FakeRequest) => Response) {
  let pending = [
    adminLawyer(),
    {
      ...adminLawyer({ id: OTHER_ID, email: 'rina@example.com', firstName: 'Rina', lastName: 'Akter' }),
      lawyerId: OTHER_ID,
    },
  ];
  return fakeServer((call) => {
    if (call.method === 'PUT') {
      const answer = verdict(call);
      if (answer.ok) pending = pending.filter((l) => !call.path.includes(l.lawyerId));
      return answer;
    }
    if (call.path === '/v1/lawyer/view-credentials') {
      return new Response(PNG, {
        status: 200,
        headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="cert.png"' },
      });
    }
    return envelope(200, { data: { lawyers: pending }, metadata: pageMeta(0, 10, pending.length) });
  });
}

describe('lawyer verification', () => {
  it('opens from the queue, shows the certificate with the bearer token, and approves after confirmation', async () => {
    signInForTest('ADMIN');
    const calls = adminServer(() =>
      envelope(200, { data: adminLawyer({ verificationStatus: 'APPROVED', verifiedAt: '2025-03-05T10:00:00+06:00' }) }),
    );
    const router = open('/admin/lawyers?status=PENDING');
    const link = await screen.findByRole('link', { name: 'Review Tanvir Hossain' });
    expect(link.getAttribute('href')).toBe(`/admin/lawyers/${LAWYER_ID}`);
    await act(async () => {
      fireEvent.click(link);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tanvir Hossain' })).toBeTruthy();
    expect(screen.getByText('DBA-2011-0457')).toBeTruthy();

    // The certificate: fetched with the token in a header, never in the address.
    const image = await screen.findByRole('img', { name: 'Bar certificate of Tanvir Hossain' });
    expect(image.getAttribute('src')).toBe('blob:certificate');
    const fileCall = calls.find((c) => c.path === '/v1/lawyer/view-credentials');
    expect(fileCall).toMatchObject({ query: { email: 'tanvir@example.com' }, authorization: 'Bearer access-token' });
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('cert.png');
    // Opening from the list needed no second lookup of the lawyer.
    expect(calls.filter((c) => c.path === '/v1/admin/lawyers')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = screen.getByRole('group', { name: /Approve Tanvir Hossain\?/ });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, approve' }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(`/v1/admin/lawyers/${LAWYER_ID}/approve`);
    expect(await screen.findByText('Tanvir Hossain is approved.')).toBeTruthy();
    expect(screen.getByText('Approved on 5 March 2025.')).toBeTruthy();

    // Back in the queue the lawyer is gone at once (optimistic), the other one stays.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Review Rina Akter' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review Tanvir Hossain' })).toBeNull();
  });

  it('rejects with a reason', async () => {
    signInForTest('ADMIN');
    const calls = adminServer((call) =>
      envelope(200, {
        data: adminLawyer({
          verificationStatus: 'REJECTED',
          rejectionReason: (call.body as { reason: string }).reason,
        }),
      }),
    );
    open(`/admin/lawyers/${LAWYER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tanvir Hossain' });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.change(screen.getByLabelText('Reason for rejection'), {
      target: { value: 'The certificate photo is blurred.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reject Tanvir Hossain' }));
    });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/v1/admin/lawyers/${LAWYER_ID}/reject`,
      body: { reason: 'The certificate photo is blurred.' },
    });
    expect(await screen.findByText('Tanvir Hossain is rejected.')).toBeTruthy();
    expect(screen.getByText('Reason given: The certificate photo is blurred.')).toBeTruthy();
  });

  it('puts the lawyer back in the queue when the server refuses, and says why', async () => {
    signInForTest('ADMIN');
    adminServer(() => envelope(409, { error: { message: 'This lawyer has already been approved' } }));
    const router = open('/admin/lawyers?status=PENDING');
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: 'Review Tanvir Hossain' }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    });
    expect(await screen.findByText('This lawyer has already been approved')).toBeTruthy();
    expect(screen.getByText('Pending verification')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Review Tanvir Hossain' })).toBeTruthy();
  });

  it('finds a lawyer opened by address in the full list', async () => {
    signInForTest('ADMIN');
    const calls = adminServer(() => envelope(500, { error: { message: 'x' } }));
    open(`/admin/lawyers/${OTHER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rina Akter' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/lawyers')?.query).toEqual({ page: '0', size: '100' });
  });

  it('is for admins only', () => {
    signInForTest('LAWYER');
    const calls = adminServer(() => envelope(500, { error: { message: 'x' } }));
    open(`/admin/lawyers/${LAWYER_ID}`);
    expect(screen.getByRole('alert').textContent).toBe('This page is for administrators.');
    expect(calls).toHaveLength(0);
  });
});
