import { useEffect, useState } from 'react';

// `modals.openConfirmModal()` and the other calls of @mantine/modals dispatch window events that
// ModalsProvider listens to. Nothing on a freshly opened page needs the provider (it brings
// Modal, focus trap and scroll lock), so it loads with the first call: the calls made before it is
// listening are kept here and dispatched again once it is (modals-host.tsx).
const OPENING_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);

let listening = false;
const kept: Array<{ type: string; detail: unknown }> = [];
const wanted = new Set<() => void>();

function keep(event: Event) {
  if (listening) return;
  kept.push({ type: event.type, detail: (event as CustomEvent).detail });
  for (const want of wanted) want();
}

/** Starts keeping opening calls (once, for the app's lifetime). */
function watch() {
  for (const type of OPENING_EVENTS) {
    window.removeEventListener(type, keep);
    window.addEventListener(type, keep);
  }
}

/**
 * Called by the host once ModalsProvider listens: the kept calls are dispatched again. Answers
 * the host's unmount (calls are kept again until it is back).
 */
export function replayModalCalls(): () => void {
  listening = true;
  for (const { type, detail } of kept.splice(0)) {
    window.dispatchEvent(new CustomEvent(type, { detail }));
  }
  return () => {
    listening = false;
  };
}

/** Whether the modals host should be mounted: true from the first `modals.*` opening call. */
export function useModalsWanted(): boolean {
  const [want, setWant] = useState(listening || kept.length > 0);
  useEffect(() => {
    watch();
    if (kept.length > 0) setWant(true);
    const onWant = () => setWant(true);
    wanted.add(onWant);
    return () => {
      wanted.delete(onWant);
    };
  }, []);
  return want;
}
