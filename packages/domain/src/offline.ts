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
/**
 * How far a phone's clock may run ahead of the server: up to this, the write is taken at its
 * arrival (nothing happens after it reaches the server); beyond it, the clock is wrong and
 * the write is refused, so no wrong time is ever stored.
 */
export const DEVICE_TIME_MAX_AHEAD_MINUTES = 10;

/** The time a write is stored with, or why its device time is refused. */
export type DeviceTimeResult = { time: Date; refusal?: never } | { time?: never; refusal: string };

/**
 * The one device-time rule of every offline write (X-Device-Time or a body's `device_time`):
 * the device's time is kept as when the person did it; ahead of the arrival by up to
 * DEVICE_TIME_MAX_AHEAD_MINUTES it is the arrival; further ahead, or older than
 * DEVICE_TIME_MAX_AGE_DAYS, it is refused with a reason in Portuguese.
 */
export function deviceTimeOf(device: Date, arrival: Date): DeviceTimeResult {
  const ahead = device.getTime() - arrival.getTime();
  if (Number.isNaN(ahead)) return { refusal: 'Horário do aparelho inválido.' };
  if (ahead > DEVICE_TIME_MAX_AHEAD_MINUTES * 60_000) {
    return {
      refusal: `Horário do aparelho mais de ${DEVICE_TIME_MAX_AHEAD_MINUTES} minutos no futuro: confira o relógio do celular.`,
    };
  }
  if (-ahead > DEVICE_TIME_MAX_AGE_DAYS * 86_400_000) {
    return {
      refusal: `Esta ação foi feita no aparelho há mais de ${DEVICE_TIME_MAX_AGE_DAYS} dias e não pode mais ser registrada.`,
    };
  }
  return { time: ahead > 0 ? arrival : device };
}

/** True when a value is a usable idempotency key. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY_RE.test(value);
}
