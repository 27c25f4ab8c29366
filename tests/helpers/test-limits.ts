/**
 * The per-client-address auth limits (AUTH_IP_*) for test and bench servers. Every simulated user of
 * a suite signs up and in from 127.0.0.1, which a real deployment would rightly take for one client
 * walking through accounts; test servers raise the limits through the same configuration an operator
 * would use. The suite that checks the limits (server/modules/auth/address-limits.test.ts) sets low ones.
 */
export const TEST_AUTH_IP_LIMITS: Readonly<Record<string, string>> = {
  AUTH_IP_MAX_FAILED_LOGINS: '100000',
  AUTH_IP_MAX_REGISTRATIONS: '100000',
  AUTH_IP_MAX_CODE_SENDS: '100000',
  AUTH_IP_MAX_RESETS: '100000',
};
