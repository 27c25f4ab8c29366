import { describe, expect, it } from 'vitest';
import { servesAppShell } from './navigation';

const at = (path: string) => new URL(path, 'https://legalconnect.example');

describe('servesAppShell', () => {
  it.each([
    '/',
    '/about',
    '/case/42',
    '/lawyers/rahim@example.com/details',
    '/payment/success',
    '/ai-chat',
    '/v1-guide',
  ])('answers the client route %s with the shell', (path) => {
    expect(servesAppShell(at(path))).toBe(true);
  });

  it.each(['/v1', '/v1/health', '/v1/docs', '/ai/v1/chat', '/pay', '/pay/sandbox/return?session=1'])(
    'leaves the server path %s to the network',
    (path) => {
      expect(servesAppShell(at(path))).toBe(false);
    },
  );
});
