// Zod-free constants of offline writes, shared by the server plugin and the web outbox.

/** Header of a write that may be sent again: the server answers a repeat with the first result. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Header of the moment the person did the action on the device (ISO 8601 instant). */
export const DEVICE_TIME_HEADER = 'x-device-time';
/** Header set on an answer that repeats the stored result of an earlier request. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/** `code` of the 409 a duplicate gets while the first request with its key still runs. */
export const IDEMPOTENCY_IN_PROGRESS = 'IN_PROGRESS';

/** 16 to 100 letters, digits, '-' or '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{16,100}$/;
/** How long the server keeps the result of a key. */
export const IDEMPOTENCY_TTL_HOURS = 48;
/** Oldest device time accepted: an action queued longer than this is refused with a reason. */
export const DEVICE_TIME_MAX_AGE_DAYS = 30;

/** True when a value is a usable idempotency key. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY_RE.test(value);
}
