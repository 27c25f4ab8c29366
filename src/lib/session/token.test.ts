import { describe, expect, it } from 'vitest';
import { validateAuthResponse } from './token';

const good = { token: 'abc.def.ghi', role: 'USER', refreshToken: 'r', email: 'a@b.c' };

describe('validateAuthResponse (docs/product.md §5)', () => {
  it('accepts a response with a token and a role', () => {
    expect(validateAuthResponse(good)).toBe(good);
  });

  it.each([
    ['no token', { role: 'USER' }],
    ['null token', { token: null, role: 'USER' }],
    ['no role', { token: 'abc' }],
    ['empty role', { token: 'abc', role: '' }],
    ['not an object', 'token'],
    ['null', null],
  ])('refuses a response with %s', (_name, data) => {
    expect(() => validateAuthResponse(data)).toThrow('Invalid authentication response from server');
  });

  it.each([[''], ['   '], ['null'], ['undefined'], [' null ']])('refuses the unusable token %j', (token) => {
    expect(() => validateAuthResponse({ token, role: 'USER' })).toThrow('Invalid authentication token received');
  });

  it('refuses a token that is not a string', () => {
    expect(() => validateAuthResponse({ token: 42, role: 'USER' })).toThrow('Invalid authentication token received');
  });
});
