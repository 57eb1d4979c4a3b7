import { onlineManager } from '@tanstack/react-query';

type Listener = () => void;

/** How often a lost server is asked again while nothing else is being sent. */
const PROBE_EVERY_MS = 10_000;

let unreachable = false;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Whether the server can be reached: the browser's `navigator.onLine` is not enough (a page
 * opened without signal may still say "online", a captive Wi-Fi has no internet), so a failed
 * request marks the server unreachable until a request, or the 10-second probe, gets an answer.
 * TanStack Query follows it: queries pause and keep showing the kept data instead of failing.
 */
export const connectivity = {
  online: () => browserOnline() && !unreachable,
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** A request got no answer at all (no signal, server down behind a proxy that drops). */
  failed() {
    if (unreachable) return;
    unreachable = true;
    onlineManager.setOnline(false);
    emit();
    probe ??= setInterval(() => {
      if (!browserOnline()) return;
      fetch('/api/health', { cache: 'no-store' }).then(
        () => connectivity.answered(),
        () => undefined,
      );
    }, PROBE_EVERY_MS);
  },

  /** A request got an answer (any status): the server is there. */
  answered() {
    if (!unreachable) return;
    unreachable = false;
    if (probe) clearInterval(probe);
    probe = null;
    onlineManager.setOnline(browserOnline());
    emit();
  },
};

if (typeof window !== 'undefined') {
  // The browser says the signal is back: believe it until a request says otherwise.
  window.addEventListener('online', () => connectivity.answered());
  window.addEventListener('offline', () => emit());
}
