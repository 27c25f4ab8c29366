import { BookingMessages } from '../../contract/bookings';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordProblem } from '../../contract/auth';
import { ChatMessages } from '../../contract/chat';
import { DocumentMessages, TextStatusMessages } from '../../contract/documents';
import { ClientAuthMessages, ServerMessages, StatusMessages } from '../../contract/errors';
import { PaymentMessages } from '../../contract/payments';
import { CalendarMessages, ScheduleMessages } from '../../contract/schedules';
import { CONTRACT_TEXT_BN, PASSWORD_RULE_BN, translateContractText } from './contract-text';

describe('contract texts in Bangla', () => {
  const all = [
    ...Object.values(ServerMessages).filter((text) => text !== ServerMessages.passwordMustContain),
    ...Object.values(ClientAuthMessages),
    ...Object.values(StatusMessages).filter((text) => text !== StatusMessages.other),
    ...Object.values(DocumentMessages),
    ...Object.values(TextStatusMessages),
    ...Object.values(ScheduleMessages),
    ...Object.values(CalendarMessages),
    ...Object.values(ChatMessages),
    ...Object.values(PaymentMessages),
    ...Object.values(BookingMessages),
  ];

  it.each(all)('has Bangla for %j', (text) => {
    expect(CONTRACT_TEXT_BN[text]).toMatch(/[\u0980-\u09FF]/);
  });

  it('has Bangla for every password rule', () => {
    for (const rule of PASSWORD_RULES) expect(PASSWORD_RULE_BN[rule.id]).toMatch(/[\u0980-\u09FF]/);
  });

  it('translates the composed password message rule by rule', () => {
    const message = passwordProblem('abc') ?? '';
    expect(translateContractText(message, 'bn')).toBe(
      `পাসওয়ার্ডে থাকতে হবে: ${PASSWORD_RULE_BN.length}, ${PASSWORD_RULE_BN.upper}, ${PASSWORD_RULE_BN.digit}, ${PASSWORD_RULE_BN.special}`,
    );
  });

  it('translates the status fallback with Bengali digits', () => {
    expect(translateContractText('Request failed with status 409', 'bn')).toBe('অনুরোধ ব্যর্থ হয়েছে (স্ট্যাটাস ৪০৯)');
  });

  it('leaves English alone and shows unknown server texts as they are', () => {
    expect(translateContractText(ServerMessages.invalidCredentials, 'en')).toBe('Invalid credentials');
    expect(translateContractText('Something new', 'bn')).toBe('Something new');
  });
});
