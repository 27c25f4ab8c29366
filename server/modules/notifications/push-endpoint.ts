/**
 * Where web push may go. A push endpoint is a URL the browser hands us, so whoever holds an account
 * chooses where the server connects: without a check, `https://127.0.0.1:…` or an address inside the
 * operator's network would be a blind server-side request forgery. Two checks close it:
 *
 * 1. At subscribe and again before each send, the endpoint's host must be on PUSH_ENDPOINT_HOSTS (by
 *    default the push services of Chrome/Android (FCM), Firefox (Mozilla autopush), Safari (Apple)
 *    and Edge (Windows push)). An entry without a port allows 443 only; `*.example.org` allows the
 *    subdomains of example.org. The URL is read by the WHATWG parser, so decimal, octal, hex and
 *    short IPv4 forms (`2130706433`, `0x7f.1`, `127.1`) are already written as dotted quads here.
 * 2. When the connection is made, every address the name resolves to must be public: loopback,
 *    private, carrier-grade NAT, link-local, unique-local, multicast, reserved and documentation
 *    ranges are refused for IPv4 and IPv6, including IPv4-mapped, IPv4-compatible, NAT64 and 6to4
 *    forms. The check runs in the socket's own DNS lookup, so the address checked is the address
 *    connected to (a name that resolves differently a moment later gains nothing).
 *
 * An IP address written literally in PUSH_ENDPOINT_HOSTS (with its port) is the operator's explicit
 * choice and is connected to as written: that is how the test suite's own push receiver on 127.0.0.1
 * is allowed. Names are always checked after resolution.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** The push services browsers use today. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Thrown (through the socket) when a push endpoint's name resolves to an address we never connect to. */
export class PushAddressRefusedError extends Error {
  readonly code = 'EPUSHADDRESSREFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`push endpoint ${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'PushAddressRefusedError';
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 32 bits at `fromGroup` of an expanded IPv6 address, as a dotted quad. */
function embeddedIpv4(groups: number[], fromGroup: number): string {
  const high = groups[fromGroup] ?? 0;
  const low = groups[fromGroup + 1] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** An IPv6 address as its eight 16-bit groups (accepts a trailing dotted quad). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = quad[1].split('.').map(Number);
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16) || 0);
}

/** True when the address is one push may connect to: a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(bare);
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address is what is reached.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return isPublicAddress(embeddedIpv4(groups, 6));
  // NAT64 (64:ff9b::/96) carries the IPv4 address in its last 32 bits.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return isPublicAddress(embeddedIpv4(groups, 6));
  }
  // 6to4 (2002::/16) carries it right after the prefix.
  if (groups[0] === 0x2002) return isPublicAddress(embeddedIpv4(groups, 1));
  return !blocked.check(bare, 'ipv6');
}

interface HostRule {
  /** Lower case; for a wildcard, the suffix after `*.`. */
  host: string;
  wildcard: boolean;
  port: string;
  /** The host is an IP address written literally (trusted as written). */
  literal: boolean;
}

function parseRule(entry: string): HostRule | null {
  const text = entry.trim().toLowerCase();
  if (!text) return null;
  const wildcard = text.startsWith('*.');
  try {
    const url = new URL(`https://${wildcard ? text.slice(2) : text}`);
    if (url.pathname !== '/' || url.username || url.search) return null;
    const host = url.hostname;
    return { host, wildcard, port: url.port || '443', literal: !wildcard && isIP(host.replace(/^\[|\]$/g, '')) !== 0 };
  } catch {
    return null;
  }
}

/** True when every entry of PUSH_ENDPOINT_HOSTS reads as `host`, `host:port` or `*.domain`. */
export function validPushHostList(entries: readonly string[]): boolean {
  return entries.length > 0 && entries.every((entry) => parseRule(entry) !== null);
}

export class PushEndpointPolicy {
  private readonly rules: HostRule[];

  constructor(hosts: readonly string[] = DEFAULT_PUSH_ENDPOINT_HOSTS) {
    this.rules = hosts.map(parseRule).filter((rule): rule is HostRule => rule !== null);
  }

  /**
   * The endpoint as we send to it (WHATWG-normalised), or null when it may not be used: not https,
   * with credentials, a host off the list, or an IP address that is not public and not listed as such.
   */
  allowed(endpoint: string): string | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    const host = url.hostname.toLowerCase();
    const port = url.port || '443';
    const rule = this.rules.find(
      (r) => r.port === port && (r.wildcard ? host.endsWith(`.${r.host}`) : host === r.host),
    );
    if (!rule) return null;
    // An address is used only when listed as that address (wildcards never match one).
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 && !rule.literal) return null;
    return url.href;
  }

  /**
   * dns.lookup with the public-address check, for the push agent's sockets: a name that resolves to
   * any address we refuse fails the connection with PushAddressRefusedError.
   */
  readonly lookup = (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, options.all ? [] : '', 0);
        return;
      }
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        callback(new PushAddressRefusedError(hostname, refused?.address ?? 'nothing'), options.all ? [] : '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };

  /** The HTTPS agent push requests go through (`ca`: the test receiver's own certificate). */
  agent(ca?: string | Buffer): Agent {
    return new Agent({ keepAlive: true, lookup: this.lookup, ...(ca ? { ca } : {}) });
  }
}
