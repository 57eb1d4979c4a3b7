/**
 * This tab's id, sent as X-Origin on every write (lib/api-client.ts): the push events the write
 * causes carry it back, so this tab skips them (it applies them from the write's answer).
 * Random per page load; made from getRandomValues, which, unlike randomUUID, also works on a
 * plain-HTTP address.
 */
export const TAB_ORIGIN: string = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');
