import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { createDeviceSecretRepo } from './device-secret.repo.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account gets a cookie signed by the server for that e-mail. Its sign-ins
 * skip the address and account throttles that strangers run into, and are slowed only by the
 * failures made with that same cookie. One cookie per account, so a shared phone keeps each.
 */
export const DEVICE_COOKIE_PREFIX = 'eproto_device_';
/** Only the sign-in call needs it: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/api/auth/login';
const DEVICE_TTL_MS = 180 * 86_400_000;

const b64 = (buf: Buffer) => buf.toString('base64url');

export interface DeviceCookie {
  name: string;
  value: string;
  expires: Date;
}

/** Signs and reads the device cookies of one database (the key is shared by every node). */
export function createDeviceCookies(db: DbOrTx) {
  const secrets = createDeviceSecretRepo(db);
  const mac = async (text: string) =>
    createHmac('sha256', await secrets.deviceKey())
      .update(text)
      .digest();

  // The name depends on the e-mail through the key, so it tells nobody whose cookie it is.
  const nameOf = async (email: string) =>
    DEVICE_COOKIE_PREFIX + b64(await mac(`name:${email}`)).slice(0, 16);

  return {
    /** A new cookie for this e-mail (a new nonce at each sign-in). */
    async issue(email: string, now: Date): Promise<DeviceCookie> {
      const nonce = b64(randomBytes(16));
      const issued = Math.floor(now.getTime() / 1000).toString(36);
      const sig = b64(await mac(`device:${email}:${nonce}:${issued}`));
      return {
        name: await nameOf(email),
        value: `${nonce}.${issued}.${sig}`,
        expires: new Date(now.getTime() + DEVICE_TTL_MS),
      };
    },

    /**
     * The nonce of the request's device cookie for this e-mail when its signature holds and it
     * is younger than DEVICE_TTL_MS; null otherwise (no cookie, another account's, forged, old).
     */
    async trusted(
      email: string,
      cookies: Record<string, string | undefined>,
      now: Date,
    ): Promise<string | null> {
      const raw = cookies[await nameOf(email)];
      const [nonce, issued, sig, extra] = raw?.split('.') ?? [];
      if (!nonce || !issued || !sig || extra !== undefined) return null;
      const issuedMs = parseInt(issued, 36) * 1000;
      if (!Number.isFinite(issuedMs) || now.getTime() - issuedMs > DEVICE_TTL_MS) return null;
      const expected = await mac(`device:${email}:${nonce}:${issued}`);
      const given = Buffer.from(sig, 'base64url');
      const ok = given.length === expected.length && timingSafeEqual(given, expected);
      return ok ? nonce : null;
    },
  };
}
