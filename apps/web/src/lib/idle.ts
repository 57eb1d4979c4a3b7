/**
 * Runs `run` once the main thread is idle (at the latest after `timeoutMs`), for work a screen's
 * first paint does not need: a folded form's code, the offline prefetch (issue 33). Answers a
 * function that cancels it. Safari has no requestIdleCallback: there it runs on the next task.
 */
export function whenIdle(run: () => void, timeoutMs = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}
