import { MSG, SIMPLE_EMAIL_RE } from '@eproto/domain';

import { ApiError } from '../../../lib/api-error.ts';

/** Toast text of a failed sign-in (SPEC.md §8). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MSG.loginWrong;
    if (error.serverMessage) return error.serverMessage;
  }
  return MSG.loginFailed;
}

/** Toast text of a failed password-reset request (SPEC.md §8). */
export function resetRequestErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return MSG.resetNotFound;
  return MSG.resetFailed;
}

/** The reset e-mail rule of SPEC.md §5: text, @, text, dot, text. */
export function isValidResetEmail(email: string): boolean {
  return SIMPLE_EMAIL_RE.test(email.trim());
}

/** Message of any failed auth call: the server's Portuguese text or a generic one. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
