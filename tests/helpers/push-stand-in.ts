/**
 * A stand-in for the browser's push service (web push's third party, unreachable here): a local
 * HTTPS server with a self-signed certificate that records each POST and answers with the status
 * the test chose, plus a browser's side of a subscription (its ECDH keys and auth secret) to
 * decrypt the aes128gcm payload as a browser would. Used by the server's push tests and by the
 * end-to-end suites, whose server trusts the certificate through NODE_EXTRA_CA_CERTS (`certFile`).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The push service: records each POST and answers with the status (and headers) the test chose for its path. */
export class PushService {
  readonly received: Received[] = [];
  readonly statusFor = new Map<string, number>();
  readonly headersFor = new Map<string, Record<string, string>>();
  server!: Server;
  ca!: Buffer;
  /** The certificate's file, for a server in another process (NODE_EXTRA_CA_CERTS). */
  certFile!: string;
  url!: string;

  async start(dir: string): Promise<void> {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    this.certFile = cert;
    this.ca = readFileSync(cert);
    this.server = createServer({ key: readFileSync(key), cert: this.ca }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = req.url ?? '/';
        this.received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.statusFor.get(url) ?? 201, this.headersFor.get(url) ?? {}).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  paths(): string[] {
    return this.received.map((r) => r.path).sort();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

/** The JSON a push carried, decrypted with the subscription's own keys. */
export function decryptPush<T>(request: Received | undefined, browser: { ecdh: ECDH; authSecret: Buffer }): T {
  const plain = ece.decrypt(request?.body ?? Buffer.alloc(0), {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.authSecret,
  });
  return JSON.parse(plain.toString('utf8')) as T;
}
