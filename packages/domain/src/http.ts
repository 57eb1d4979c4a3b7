// Zod-free constants the SPA needs on its first screen (kept apart so /login stays small).

/** Header the SPA sends on every state-changing call (CSRF defence in depth). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'eproto';

/** The simple e-mail pattern of the reset modal: text, @, text, dot, text (SPEC.md §5). */
export const SIMPLE_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Password length limits. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
