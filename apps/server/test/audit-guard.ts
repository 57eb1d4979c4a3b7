import { afterEach } from 'vitest';
import type { UnrecordedWrite } from '../src/plugins/audit.ts';

/**
 * Fails the test in which a successful API write committed a statement on the pool, outside a
 * transaction: its activity-log row cannot commit with it (plugins/audit.ts). Give the service
 * its `db.transaction(async (tx) => …)` with the repo on `tx`. createTestApp reports here.
 */
// On globalThis: one list per worker even if this module is evaluated twice (setup and test).
const store = globalThis as { auditOffences?: string[] };
const offences = (store.auditOffences ??= []);

export function reportUnrecordedWrite(w: UnrecordedWrite): void {
  offences.push(
    `${w.action} (${w.status}) wrote outside a transaction:\n  ${w.statements.join('\n  ')}`,
  );
}

afterEach(() => {
  if (offences.length === 0) return;
  const found = offences.splice(0);
  throw new Error(
    'API writes committed without their activity-log row (wrap the write in ' +
      `db.transaction in its service):\n${found.join('\n\n')}`,
  );
});
