import { EventEmitter } from 'node:events';
import pg from 'pg';
import { afterEach } from 'vitest';

/**
 * Fails the test in which a query is sent on a pg client that is still running another one
 * (`Promise.all` on a transaction). node-postgres queues it today, warns only from the third
 * query on ("Calling client.query() when the client is already executing a query is
 * deprecated") and once per process, and pg@9 drops the queue. A transaction is one client:
 * inside it, await one query after the other; run queries in parallel only on the pool.
 */
const PG_MESSAGE = 'already executing a query';

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: QueryFn };
// On globalThis: installed once per process even if this module is evaluated twice, and the
// guard's own test reads the list the setup file fills.
const store = globalThis as { pgConcurrencyOffences?: string[] };
const installed = store.pgConcurrencyOffences !== undefined;
const offences = (store.pgConcurrencyOffences ??= []);

/** Takes (and clears) what the guard saw so far; for the guard's own test. */
export function takePgConcurrencyOffences(): string[] {
  return offences.splice(0);
}

if (!installed) {
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(PG_MESSAGE)) {
      offences.push(warning.stack ?? warning.message);
    }
  });
  const inFlight = new WeakMap<object, number>();
  const original = proto.query;
  proto.query = function guardedQuery(this: pg.Client, ...args: unknown[]) {
    const busy = inFlight.get(this) ?? 0;
    if (busy > 0) {
      const text = describeQuery(args[0]);
      offences.push(
        new Error(`query sent while this client still runs ${busy} other(s): ${text}`).stack ??
          text,
      );
    }
    inFlight.set(this, busy + 1);
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      inFlight.set(this, Math.max(0, (inFlight.get(this) ?? 1) - 1));
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, ...result: unknown[]) {
        done();
        return (last as (...a: unknown[]) => unknown).apply(this, result);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      done();
      throw error;
    }
    if (result instanceof Promise) {
      result.then(done, done);
    } else if (result instanceof EventEmitter) {
      result.once('end', done).once('error', done);
    } else {
      done();
    }
    return result;
  };
}

afterEach(() => {
  if (offences.length === 0) return;
  const found = offences.splice(0);
  throw new Error(
    'Concurrent queries on one pg client (inside a transaction, await them one after the ' +
      `other):\n${found.join('\n\n')}`,
  );
});

function describeQuery(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 160) : '(query object)';
}
