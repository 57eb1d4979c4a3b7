/**
 * Ends this browser's Web Push subscription (at sign-out): on a shared phone the next person
 * must not get the previous one's notifications. The server forgets the device when the push
 * service next answers 410. Never throws.
 */
export async function endPushSubscription(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager?.getSubscription();
    await sub?.unsubscribe();
  } catch {
    /* nothing to end */
  }
}
