/** Which addresses and endpoints web push may reach (push-endpoint.ts). */
import { describe, expect, it } from 'vitest';
import { isPublicAddress, PushEndpointPolicy, validPushHostList } from './push-endpoint';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.183.10',
    '8.8.8.8',
    '172.32.0.1',
    '2a00:1450:4001:80b::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('PushEndpointPolicy', () => {
  const policy = new PushEndpointPolicy();

  it('allows the push services browsers use, on 443', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(policy.allowed(endpoint), endpoint).toBe(new URL(endpoint).href);
    }
  });

  it('refuses other hosts, ports, schemes and any address not listed literally', () => {
    for (const endpoint of [
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://142.250.183.10/fcm/send/x',
      'https://2130706433/x',
      'not a url',
    ]) {
      expect(policy.allowed(endpoint), endpoint).toBeNull();
    }
  });

  it('uses an address only when the operator listed it with its port', () => {
    const local = new PushEndpointPolicy(['127.0.0.1:8443', '[::1]:9443']);
    expect(local.allowed('https://127.0.0.1:8443/p')).toBe('https://127.0.0.1:8443/p');
    expect(local.allowed('https://2130706433:8443/p')).toBe('https://127.0.0.1:8443/p');
    expect(local.allowed('https://[::1]:9443/p')).toBe('https://[::1]:9443/p');
    expect(local.allowed('https://127.0.0.1:8444/p')).toBeNull();
    expect(local.allowed('https://127.0.0.2:8443/p')).toBeNull();
  });

  it('validates the configured list', () => {
    expect(validPushHostList(['fcm.googleapis.com', '*.notify.windows.com', 'push.example.org:8443'])).toBe(true);
    expect(validPushHostList(['https://x/y'])).toBe(false);
    expect(validPushHostList(['a b'])).toBe(false);
    expect(validPushHostList([])).toBe(false);
  });
});
