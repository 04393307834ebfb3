import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The test plays a browser and its push service. A browser subscribes with a P-256 key pair and a
// 16-byte auth secret (what PushManager.subscribe makes); the push service is a local HTTP server
// that receives what the app POSTs, checks its VAPID signature (RFC 8292) and decrypts the
// aes128gcm payload (RFC 8291) with the subscription's private key — with node:crypto only,
// independently of the web-push library the server encrypts with.

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's side of the encryption: decrypts a push body sent to this subscription. */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id = the sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([
        Buffer.from('WebPush: info\0'),
        uaPublic,
        asPublic,
        Buffer.from([1]),
      ]);
      const ikm = hmac(hmac(authSecret, ecdhSecret), keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>`: the key is the one expected, the JWT is
 * ES256 and signed by it. Returns the claims, or throws saying what is wrong.
 */
export function verifyVapid(header: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('VAPID key is not the application server key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`);
  const raw = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** http://127.0.0.1:port — subscriptions' endpoints are paths under it. */
  origin: string;
  received: ReceivedPush[];
  /** How the next requests are answered (default 201 Created, as real push services do). */
  answer: (res: ServerResponse, push: ReceivedPush) => void;
  /** Resolves when `n` pushes in all have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const created = (res: ServerResponse) => {
  res.writeHead(201, { location: '/m/1' });
  res.end();
};

export async function startPushService(): Promise<PushService> {
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      service.received.push(push);
      service.answer(res, push);
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const service: PushService = {
    origin: `http://127.0.0.1:${port}`,
    received: [],
    answer: created,
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (service.received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push service got ${service.received.length} of ${n}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return service;
}
