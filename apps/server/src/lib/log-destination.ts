import SonicBoom from 'sonic-boom';

/** Where pino writes: never blocks the process, and flushes at exit for a bounded time. */
export interface LogDestination {
  write(line: string): void;
  /** Writes what is still buffered, giving up after `ms` (a pipe nobody reads stays full). */
  flushWithin(ms: number): void;
  /** Lines dropped because the buffer was full (the reader of stdout is too slow or gone). */
  dropped(): number;
}

/**
 * An asynchronous destination on a file descriptor (stdout by default). Writes are queued and
 * written in the background; when the reader stops reading, up to `maxBufferBytes` wait and
 * later lines are dropped, so logging never stops the event loop (the synchronous default of
 * pino retried a full pipe inside Atomics.wait for ever and kept a stopped server alive).
 */
export function createLogDestination(
  fd = 1,
  opts: { maxBufferBytes?: number } = {},
): LogDestination {
  // A pipe on stdout becomes non-blocking once Node opens process.stdout over it: a write to a
  // full pipe then fails with EAGAIN (retried later) instead of parking a thread pool worker
  // in write(2), which process.exit would wait for.
  if (fd === 1) void process.stdout;
  if (fd === 2) void process.stderr;
  let retryUntil = Number.POSITIVE_INFINITY;
  let dropped = 0;
  const boom = new SonicBoom({
    fd,
    sync: false,
    maxLength: opts.maxBufferBytes ?? 16 * 1024 * 1024,
    retryEAGAIN: () => Date.now() < retryUntil,
  });
  boom.on('drop', () => dropped++);
  // A closed or broken stdout (EPIPE, EAGAIN past the final flush): lines are lost, the
  // process goes on.
  boom.on('error', () => undefined);
  return {
    write: (line) => {
      boom.write(line);
    },
    flushWithin(ms) {
      retryUntil = Date.now() + ms;
      try {
        boom.flushSync();
      } catch {
        // Gave up on a full pipe, or the stream is already gone.
      }
    },
    dropped: () => dropped,
  };
}
