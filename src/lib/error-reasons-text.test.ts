/**
 * Issue 20's error-code test: every error the route table declares has the client's own text in
 * both languages, so the Bangla interface never falls back to the server's English.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, REASON_MESSAGES, genericReason, reasonFor } from '../../contract/error-reasons';
import { LawyerMessages } from '../../contract/lawyers';
import { routes, type RouteDef } from '../../contract/routes';
import { formErrorText, toAppError } from './api/app-error';
import { translateContractText } from './contract-text';
import { ERROR_REASON_TEXT, reasonText } from './error-reasons-text';

const BENGALI = /[\u0980-\u09FF]/;

function expectBothLanguages(reason: string, where: string): void {
  const en = (ERROR_REASON_TEXT.en as Record<string, string | undefined>)[reason];
  const bn = (ERROR_REASON_TEXT.bn as Record<string, string | undefined>)[reason];
  expect(en, `${where}: no English text for ${reason}`).toBeTruthy();
  expect(bn, `${where}: no Bangla text for ${reason}`).toBeTruthy();
  expect(bn, `${where}: the Bangla text for ${reason} is not Bangla`).toMatch(BENGALI);
  expect(bn).not.toBe(en);
}

function reply(status: number, reason: string, message: string) {
  return toAppError({
    kind: 'response',
    status,
    body: { version: 'v1', status, timestamp: '', path: '/v1/x', error: { code: status, reason, message } },
  });
}

describe('error reasons', () => {
  it('has both languages for every reason of every error status a route declares', () => {
    const table = routes as Record<string, RouteDef>;
    let walked = 0;
    for (const [name, route] of Object.entries(table)) {
      for (const status of route.errors) {
        expectBothLanguages(genericReason(status), `${name} (${status})`);
        walked += 1;
      }
    }
    expect(walked).toBeGreaterThan(Object.keys(table).length);
  });

  it('has both languages for every reason the server can name', () => {
    for (const reason of ERROR_REASONS) expectBothLanguages(reason, 'ERROR_REASONS');
  });

  it('names each contract message by its reason', () => {
    expect(reasonFor(403, LawyerMessages.notApproved)).toBe('LAWYER_NOT_APPROVED');
    expect(reasonFor(409, 'This lawyer has already been approved')).toBe('LAWYER_ALREADY_DECIDED');
    for (const [reason, message] of Object.entries(REASON_MESSAGES)) {
      if (['LAWYER_ALREADY_DECIDED', 'IDEMPOTENCY_KEY_INVALID'].includes(reason)) continue;
      expect([reason, 'LAWYER_NOT_FOUND']).toContain(reasonFor(400, message));
    }
    expect(reasonFor(409, 'Some message nobody listed')).toBe('CONFLICT');
    expect(reasonFor(400, 'Title is required, Email is required', true)).toBe('VALIDATION_FAILED');
  });
});

describe('what a form shows for a reason', () => {
  it('shows the pending lawyer our Bangla for LAWYER_NOT_APPROVED, not the server sentence', () => {
    const error = reply(403, 'LAWYER_NOT_APPROVED', LawyerMessages.notApproved);
    const bn = translateContractText(formErrorText(error, 'Could not open the case'), 'bn');
    expect(bn).toBe(ERROR_REASON_TEXT.bn.LAWYER_NOT_APPROVED);
    expect(bn).not.toMatch(/[A-Za-z]/);
    expect(translateContractText(formErrorText(error, 'x'), 'en')).toBe(LawyerMessages.notApproved);
  });

  it('says a reason this client does not know by its status, never in the server words, in either language', () => {
    const error = reply(409, 'SOMETHING_NEW', 'A sentence only the server knows');
    expect(translateContractText(formErrorText(error, 'x'), 'bn')).toBe(ERROR_REASON_TEXT.bn.CONFLICT);
    expect(translateContractText(formErrorText(error, 'x'), 'en')).toBe(ERROR_REASON_TEXT.en.CONFLICT);
    // A known reason keeps the server's own (catalogued) sentence in English.
    const known = reply(409, 'CONFLICT', 'This time was just taken');
    expect(translateContractText(formErrorText(known, 'x'), 'en')).toBe('This time was just taken');
  });

  it('keeps a translatable validation message, else says the reason', () => {
    const known = reply(400, 'VALIDATION_FAILED', 'Email is required');
    expect(translateContractText(formErrorText(known, 'x'), 'bn')).toBe('ইমেইল দিন');
    const unknown = reply(400, 'VALIDATION_FAILED', 'Some field rule the client has never seen');
    expect(translateContractText(formErrorText(unknown, 'x'), 'bn')).toBe(ERROR_REASON_TEXT.bn.VALIDATION_FAILED);
  });
});

describe('a realtime refusal with a reason header', () => {
  it('reads as our catalogue text, in Bangla too', () => {
    const text = reasonText('CHAT_RECIPIENT_DELETED', 'server words');
    expect(translateContractText(text, 'bn')).toBe(ERROR_REASON_TEXT.bn.CHAT_RECIPIENT_DELETED);
    expect(reasonText(undefined, 'server words')).toBe('server words');
  });
});
