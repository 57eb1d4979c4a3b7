export interface StopWithinOptions {
  /** The whole graceful stop ends by then; after it the process exits whatever is still open. */
  timeoutMs: number;
  /** Run one after the other; a step that fails or hangs does not keep the next ones waiting past the bound. */
  steps: Array<() => Promise<unknown>>;
  /** Synchronous last words before exit (kill children, bounded log flush); gets the exit code. */
  beforeExit: (code: number, timedOut: boolean) => void;
  exit?: (code: number) => void;
}

/**
 * Graceful stop with a hard bound: runs the steps, then exits 0; if they have not finished
 * within timeoutMs (an SSE stream left open, a database that does not answer, a child that
 * does not stop), exits 1 anyway. A second call (a second SIGTERM/SIGINT) exits at once.
 */
export function createStopper(opts: StopWithinOptions) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let started = false;
  let exited = false;
  const finish = (code: number, timedOut: boolean) => {
    if (exited) return;
    exited = true;
    try {
      opts.beforeExit(code, timedOut);
    } finally {
      exit(code);
    }
  };
  return async function stop(): Promise<void> {
    if (started) {
      finish(1, true);
      return;
    }
    started = true;
    const timer = setTimeout(() => finish(1, true), opts.timeoutMs);
    for (const step of opts.steps) await step().catch(() => undefined);
    clearTimeout(timer);
    finish(0, false);
  };
}
