import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { OsActor } from './service-order-access.ts';
import type { OsRow } from './service-orders.repo.ts';

// Seams for rules owned by other areas (SST: qualification requirements of a service type and
// the work permit (PT) needed before a check-in). Each guard throws an AppError with the
// Portuguese reason to refuse; it runs inside the step's transaction, after the OS row is
// locked, so nothing is written when it refuses. Register a guard with one line in the owning
// module (e.g. `OS_CHECK_IN_GUARDS.push(sstCheckInGuard)`), never by editing the OS service.

/** What a guard is told about the step. */
export interface OsGuardInput {
  deps: Pick<ServiceDeps, 'database' | 'config'>;
  tx: DbOrTx;
  os: OsRow;
  actor: OsActor;
  /** People on the team after the change. */
  teamIds: number[];
  /** A gerente/diretoria's written release of SST requirements sent with the step, if any. */
  liberacaoSst?: { motivo: string } | null;
  /** When the step happens (the phone's time when it sent one, else the server's). */
  at?: Date;
}

export type OsGuard = (input: OsGuardInput) => Promise<void>;

/** Run before a check-in is recorded (e.g. an approved, valid PT for the service type). */
export const OS_CHECK_IN_GUARDS: OsGuard[] = [];

/** Run before people are put on an OS (create, from agenda, helper added). */
export const OS_ASSIGN_GUARDS: OsGuard[] = [];

/** Runs the guards in order; the first refusal stops the step. */
export async function runGuards(guards: readonly OsGuard[], input: OsGuardInput) {
  for (const g of guards) await g(input);
}
