import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

const DEVICE_KEY = 'device_cookie';

// One key per database, read once per process (it never changes once written).
const keys = new WeakMap<object, Promise<Buffer>>();

/** The device cookie's signing key: made by whichever node asks first, then shared by all. */
export function createDeviceSecretRepo(db: DbOrTx) {
  async function load(): Promise<Buffer> {
    await db
      .insert(serverSecrets)
      .values({ name: DEVICE_KEY, value: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, DEVICE_KEY));
    if (!row) throw new Error('Chave dos cookies de dispositivo ausente.');
    return Buffer.from(row.value, 'base64');
  }

  return {
    deviceKey(): Promise<Buffer> {
      let key = keys.get(db);
      if (!key) {
        key = load();
        keys.set(db, key);
        key.catch(() => keys.delete(db)); // a failed read is tried again next time
      }
      return key;
    },
  };
}
