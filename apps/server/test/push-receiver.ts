import {
  createECDH,
  createHmac,
  createDecipheriv,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a push service would have received. */
export interface ReceivedPush {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A browser's side of Web Push for tests: a P-256 key pair and auth secret (what
 * PushSubscription.toJSON() gives) and a local HTTP endpoint standing in for the push service.
 */
export async function startPushReceiver(at: { host?: string; port?: number } = {}) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  /** Pushes whose 201 reached the sender (a sender that died before it delivered nothing). */
  const accepted: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  let status = 201;
  let hold: Promise<void> | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const push = { headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      waiters.splice(0).forEach((w) => w());
      res.on('error', () => undefined);
      void (hold ?? Promise.resolve()).then(() => {
        if (req.socket.destroyed) return;
        if (status >= 200 && status < 300) accepted.push(push);
        res.writeHead(status).end();
      });
    });
  });
  const host = at.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(at.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;

  return {
    origin,
    endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    received,
    accepted,
    /** Connections open right now. */
    connections: () =>
      new Promise<number>((resolve) => server.getConnections((_, n) => resolve(n))),
    /** The status the fake push service answers with from now on. */
    answer(code: number) {
      status = code;
    },
    /** Keeps answers back until the returned function is called. */
    holdAnswers() {
      let release = () => undefined as void;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
    /** Resolves once `count` pushes have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((r) => waiters.push(r));
      return received;
    },
    /** RFC 8291 (aes128gcm): what the service worker would read. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLen = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLen);
      const record = body.subarray(21 + idLen);
      const secret = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([
        Buffer.from('WebPush: info\0'),
        ecdh.getPublicKey(),
        senderPublic,
      ]);
      const ikm = hmac(hmac(authSecret, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('delimitador de registro ausente');
      return padded.subarray(0, end).toString('utf8');
    },
    /** Checks the VAPID JWT (ES256) against the key it names; returns its claims and key. */
    vapid(authorization: string | undefined) {
      const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
      if (!m) throw new Error(`cabeçalho Authorization inesperado: ${authorization}`);
      const [token, k] = [m[1]!, m[2]!];
      const [head, claims, sig] = token.split('.') as [string, string, string];
      const raw = Buffer.from(k, 'base64url');
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33, 65).toString('base64url'),
        },
        format: 'jwk',
      });
      const ok = verify(
        'sha256',
        Buffer.from(`${head}.${claims}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(sig, 'base64url'),
      );
      return {
        valid: ok,
        publicKey: k,
        claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
          aud: string;
          sub: string;
          exp: number;
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
