import { AppError } from './errors.ts';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The PostgreSQL error inside what pg or drizzle threw (drizzle wraps it in `cause`). */
function pgErrorOf(err: unknown): PgError | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e;
    e = (e as PgError).cause;
  }
  return null;
}

/** True when err is a unique violation (SQLSTATE 23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/**
 * True when a delete hit a row still in use: a foreign key (SQLSTATE 23503) or one declared
 * ON DELETE RESTRICT (23001).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = pgErrorOf(err)?.code;
  return code === '23503' || code === '23001';
}

/**
 * Runs a write whose uniqueness the database enforces. The service's own check answers the
 * usual duplicate; this answers the one that slips past it (two identical requests at the same
 * moment): the unique violation becomes a 409 with the Portuguese message instead of a 500.
 * `conflict` may build the error itself (e.g. re-reading which row is in the way).
 */
export async function conflictOnDuplicate<T>(
  write: () => Promise<T>,
  conflict: string | (() => Promise<AppError> | AppError),
  field?: string,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw typeof conflict === 'string'
      ? new AppError('CONFLICT', conflict, field)
      : await conflict();
  }
}
