/** What this browser can do about pushes, as /profile shows it. */
export type BrowserPushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

/** PushManager, service workers and notifications all present (not iPhone Safari in a tab). */
export function pushSupport(): BrowserPushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The service worker registration, or an error in Portuguese when it never becomes ready. */
async function readyRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            'O aplicativo ainda está sendo instalado neste aparelho. Recarregue a página e tente de novo.',
          ),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * Asks for permission (call it from a tap) and subscribes this browser with the server's key;
 * a subscription made with an older key (keys rotated) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (pushSupport() === 'unsupported') {
    throw new Error('Este navegador não recebe notificações.');
  }
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    throw new Error(
      'As notificações estão bloqueadas pelo navegador. Libere nas configurações do site.',
    );
  }
  if (permission !== 'granted') throw new Error('Permissão para notificações não concedida.');
  const reg = await readyRegistration();
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe().catch(() => false);
  try {
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new Error(
      'O navegador não conseguiu se inscrever no serviço de notificações. Tente de novo mais tarde.',
    );
  }
}
