import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginBodySchema } from '../../../contract/auth';
import { EMAIL_PATTERN } from '../../../contract/constants';
import { validate } from '../../lib/validate';
import { loginErrors } from './login-checks';

/** Text that is sometimes an address, sometimes almost one, with spaces and odd characters around. */
const emailLike = fc.oneof(
  fc.string(),
  fc.emailAddress(),
  fc
    .tuple(fc.constantFrom('', ' ', '\t', '  '), fc.emailAddress(), fc.constantFrom('', ' ', '\n'))
    .map((p) => p.join('')),
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9._'+-]{0,12}$/),
      fc.constantFrom('@', '@@', ''),
      fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/),
    )
    .map((p) => p.join('')),
  fc.integer({ min: 240, max: 270 }).map((n) => `${'a'.repeat(n - 7)}@ex.com`),
  fc.integer({ min: 120, max: 135 }).map((n) => `${'অ'.repeat(n)}${'😀'.repeat(n)}@ex.com`),
);
const passwordLike = fc.oneof(
  fc.string(),
  fc.string({ minLength: 390, maxLength: 410 }),
  fc.constantFrom('', ' ', '😀'.repeat(200), '😀'.repeat(201)),
);

describe('the sign-in form check without zod', () => {
  it('finds the same problems, with the same texts, as the contract schema the server applies', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => {
        expect(loginErrors({ email, password })).toEqual(validate(LoginBodySchema, { email, password }));
      }),
      { numRuns: 2000 },
    );
  });

  it('tells a person what is missing or wrong in words the catalogue translates', () => {
    expect(loginErrors({ email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(loginErrors({ email: 'rahim@example', password: 'x' })).toEqual({
      email: 'Email must be a valid email address',
    });
    expect(loginErrors({ email: ' Rahim@Example.com ', password: 'any text' })).toEqual({});
  });

  it("uses zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});
