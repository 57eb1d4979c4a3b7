import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';

type Toasts = typeof MantineNotifications;

// @mantine/notifications (store, container, transitions: ~25 KB gzip) is downloaded with the
// first toast, not with every page: /login stays under its JS budget. Toasts asked for while it
// loads are shown in order once it is there.
let loaded: Toasts | null = null;
let loading: Promise<Toasts> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** The toasts library, loaded once. */
export function loadToasts(): Promise<Toasts> {
  loading ??= import('@mantine/notifications').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * Signed-in pages show toasts often, after something the person did (a save, a refused write):
 * fetch the library with the first tap or key press, so those toasts appear at once, and not
 * with every freshly opened page (bench/os-phone.ts). Returns a canceller for effects.
 */
export function preloadToasts(): () => void {
  if (loading) return () => undefined;
  const events = ['pointerdown', 'keydown'] as const;
  const load = () => {
    stop();
    void loadToasts().catch(() => undefined);
  };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, load, true);
  };
  for (const type of events) window.addEventListener(type, load, { capture: true, passive: true });
  return stop;
}

function show(data: NotificationData): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  if (loaded) {
    loaded.notifications.show(data);
    return;
  }
  loadToasts()
    .then((m) => m.notifications.show(data))
    .catch((error: unknown) => console.error('Não foi possível mostrar o aviso', error));
}

/** Whether a toast was shown yet (the container is mounted from then on). */
export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Error toast (SPEC.md §8: errors appear as toast messages). */
export function toastError(message: string, id?: string): void {
  show({ id, color: 'red', title: 'Erro', message });
}

export function toastSuccess(message: string): void {
  show({ color: 'teal', title: 'Pronto', message });
}

export function toastInfo(message: string, id?: string): void {
  show({ id, color: 'yellow', message });
}
