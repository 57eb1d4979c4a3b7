import { toastSuccess } from './toast.ts';

const KEY = 'eproto-flash';

/** Keeps a success message to show after a full page load (hard redirect after sign-in). */
export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage unavailable: the message was already shown before leaving */
  }
}

/** Shows and clears the message kept by setFlash, if any. */
export function showFlash(): void {
  try {
    const message = sessionStorage.getItem(KEY);
    if (!message) return;
    sessionStorage.removeItem(KEY);
    toastSuccess(message);
  } catch {
    /* storage unavailable */
  }
}
