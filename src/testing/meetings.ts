/** Meetings and payments for the meetings feature's tests (test-only: lint keeps src/testing out of the product). */
import type { PaymentStatus } from '../../contract/enums';
import type { Meeting } from '../../contract/meetings';
import type { Payment } from '../../contract/payments';
import { testUser } from '../app/testing';

export const CLIENT = { id: testUser().id, firstName: 'Ayesha', lastName: 'Rahman', email: 'ayesha@example.com' };
export const LAWYER = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  firstName: 'Nasrin',
  lastName: 'Akter',
  email: 'nasrin@example.com',
};
export const PAYMENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const MINUTE = 60_000;

/** A meeting starting `startsIn` minutes from `now` and lasting `minutes`. */
export function meeting(
  id: string,
  startsIn: number,
  minutes: number,
  status: PaymentStatus | null = 'PENDING',
  extra: Partial<Meeting> = {},
  now: number = Date.now(),
): Meeting {
  return {
    id,
    title: `Consultation ${id.slice(0, 4)}`,
    roomName: `room-${id}`,
    client: CLIENT,
    lawyer: LAWYER,
    startTimestamp: new Date(now + startsIn * MINUTE).toISOString(),
    endTimestamp: new Date(now + (startsIn + minutes) * MINUTE).toISOString(),
    paid: status === 'PAID' || status === 'RELEASED',
    payment: status === null ? null : { id: PAYMENT_ID, amount: 1500, status },
    createdAt: new Date(now - 86_400_000).toISOString(),
    updatedAt: new Date(now - 86_400_000).toISOString(),
    ...extra,
  };
}

export function payment(status: PaymentStatus, extra: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT_ID,
    payeeId: LAWYER.id,
    payerId: CLIENT.id,
    meetingId: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
    amount: 1125.5,
    currency: 'BDT',
    status,
    paymentMethod: 'CARD',
    transactionId: 'sbx_hold_1',
    method: 'CARD',
    trxID: null,
    statusReason: null,
    paymentDate: '2026-11-20T10:00:00+06:00',
    createdAt: '2026-11-20T09:00:00+06:00',
    updatedAt: '2026-11-20T10:00:00+06:00',
    payerName: 'Ayesha Rahman',
    payerEmail: CLIENT.email,
    payeeName: 'Nasrin Akter',
    payeeEmail: LAWYER.email,
    payerFirstName: 'Ayesha',
    payerLastName: 'Rahman',
    payeeFirstName: 'Nasrin',
    payeeLastName: 'Akter',
    history: [
      { status: 'PENDING', at: '2026-11-20T09:00:00+06:00' },
      { status: 'PAID', at: '2026-11-20T10:00:00+06:00' },
    ],
    ...extra,
  };
}

/** The Idempotency-Key each recorded fetch carried, in call order (fakeServer's fetch mock). */
export function idempotencyKeys(fetchMock: unknown): (string | null)[] {
  const calls = (fetchMock as { mock: { calls: [RequestInfo | URL, RequestInit?][] } }).mock.calls;
  return calls.map(([input, init]) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    return request.headers.get('Idempotency-Key');
  });
}
