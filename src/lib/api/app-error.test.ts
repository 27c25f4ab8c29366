import { describe, expect, it } from 'vitest';
import { fieldError, formErrorText, toAppError } from './app-error';

const body = (message?: string, extra: object = {}) => ({
  version: 'v1',
  status: 0,
  timestamp: 'now',
  path: '/v1/x',
  ...(message ? { error: { code: 0, message, ...extra } } : {}),
});

const respond = (status: number, b: unknown = body(), retryAfter?: string) =>
  toAppError({ kind: 'response', status, body: b, retryAfter });

describe('toAppError: docs/product.md §8 status mapping', () => {
  it('400 uses the server message', () => {
    expect(respond(400, body('First name is required')).message).toBe('First name is required');
  });

  it('400 without a server message uses the fallback', () => {
    expect(respond(400, null).message).toBe('Invalid request. Please check your input.');
  });

  it('400 falls back to the envelope message when there is no error message', () => {
    expect(respond(400, { message: 'Bad thing' }).message).toBe('Bad thing');
  });

  it("reads the AI API's {detail} (docs/api.md §9) as the server message", () => {
    expect(respond(400, { detail: 'Attach a PDF, DOCX or TXT file' }).message).toBe('Attach a PDF, DOCX or TXT file');
    expect(respond(404, { detail: 'Chat session not found' }).serverMessage).toBe('Chat session not found');
  });

  it.each([
    [401, 'You are not authorized. Please log in again.'],
    [403, 'Access denied. You do not have permission for this action.'],
    [404, 'The requested resource was not found.'],
    [429, 'Too many requests. Please wait a moment before trying again.'],
    [500, 'Server error. Please try again later.'],
    [502, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
    [504, 'Server error. Please try again later.'],
    [409, 'Request failed with status 409'],
    [413, 'Request failed with status 413'],
    [501, 'Request failed with status 501'],
  ])('%i → %s', (status, message) => {
    expect(respond(status, body('server says')).message).toBe(message);
  });

  it('keeps the server message beside the mapped one', () => {
    expect(respond(401, body('Invalid credentials'))).toMatchObject({
      status: 401,
      serverMessage: 'Invalid credentials',
    });
  });

  it('no response while online is a network error', () => {
    expect(toAppError({ kind: 'no-response', online: true })).toEqual({
      status: null,
      message: 'Network error. Please check your connection and try again.',
    });
  });

  it('no response while offline says so', () => {
    expect(toAppError({ kind: 'no-response', online: false })).toEqual({
      status: null,
      message: 'No internet connection. Please check your network and try again.',
    });
  });

  it('carries field errors and Retry-After', () => {
    const fields = [{ field: 'email', message: 'Email is required' }];
    const error = respond(429, body('slow down', { fields }), '42');
    expect(error.fields).toEqual(fields);
    expect(error.retryAfter).toBe(42);
    expect(fieldError(error, 'email')).toBe('Email is required');
    expect(fieldError(error, 'password')).toBeUndefined();
  });

  it('ignores malformed field lists', () => {
    expect(respond(400, body('x', { fields: [{ field: 1 }] })).fields).toBeUndefined();
  });
});

describe('formErrorText', () => {
  const fallback = 'Login failed. Please try again.';
  it('prefers the server message for 4xx', () => {
    expect(formErrorText(respond(401, body('Invalid credentials')), fallback)).toBe('Invalid credentials');
  });
  it('uses the fallback when the server said nothing', () => {
    expect(formErrorText(respond(409, null), fallback)).toBe(fallback);
  });
  it('uses the network message when nothing answered', () => {
    expect(formErrorText(toAppError({ kind: 'no-response', online: false }), fallback)).toMatch(/No internet/);
  });
  it('uses the status message for 5xx, whose bodies are generic', () => {
    expect(formErrorText(respond(500, body('An unexpected error occurred')), fallback)).toBe(
      'Server error. Please try again later.',
    );
  });
  it('uses the fallback for anything that is not an AppError', () => {
    expect(formErrorText(undefined, fallback)).toBe(fallback);
  });
});
