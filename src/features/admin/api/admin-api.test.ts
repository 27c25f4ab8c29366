import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { envelope, fakeServer, signInForTest } from '../../../app/testing';
import { adminLawyer, LAWYER_ID, pageMeta } from '../../../app/testing-lawyers';
import { adminApi } from './admin-api';

afterEach(() => vi.unstubAllGlobals());

describe('approve and reject are optimistic', () => {
  it('moves the lawyer in every cached list before the server answers, and back if it refuses', async () => {
    signInForTest('ADMIN');
    let answer: ((response: Response) => void) | null = null;
    fakeServer((call) => {
      if (call.method === 'PUT') return new Promise<Response>((resolve) => (answer = resolve));
      return envelope(200, { data: { lawyers: [adminLawyer()] }, metadata: pageMeta(0, 10, 1) });
    });
    const store = createAppStore();
    const pendingArgs = { page: 0, size: 10 };
    const allArgs = { page: 0, size: 10 };
    const pendingSub = store.dispatch(adminApi.endpoints.pendingLawyers.initiate(pendingArgs));
    const allSub = store.dispatch(adminApi.endpoints.adminLawyers.initiate(allArgs));
    await Promise.all([pendingSub, allSub]);

    const approving = store.dispatch(adminApi.endpoints.approveLawyer.initiate({ lawyerId: LAWYER_ID }));
    await vi.waitFor(() => {
      const pending = adminApi.endpoints.pendingLawyers.select(pendingArgs)(store.getState()).data;
      expect(pending?.lawyers).toEqual([]);
    });
    const all = adminApi.endpoints.adminLawyers.select(allArgs)(store.getState()).data;
    expect(all?.lawyers[0]?.lawyer.verificationStatus).toBe('APPROVED');

    await vi.waitFor(() => expect(answer).not.toBeNull());
    answer!(envelope(409, { error: { message: 'This lawyer has already been rejected' } }));
    await approving.unwrap().catch(() => undefined);
    expect(adminApi.endpoints.pendingLawyers.select(pendingArgs)(store.getState()).data?.lawyers).toHaveLength(1);
    expect(
      adminApi.endpoints.adminLawyers.select(allArgs)(store.getState()).data?.lawyers[0]?.lawyer.verificationStatus,
    ).toBe('PENDING');
    pendingSub.unsubscribe();
    allSub.unsubscribe();
  });
});
