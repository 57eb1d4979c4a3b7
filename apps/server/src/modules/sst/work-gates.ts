import { todayIn, withoutHealthReason, type Role, can } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ptCheckInGate } from './pt-gate.ts';
import { discloseReasons, type SstReason } from './sst-disclosure.ts';
import { createSstGate } from './sst-gate.ts';

/** Who puts people on work or starts it. */
export interface WorkActor {
  id: number;
  type: Role;
}

/** A team about to be put on work (an agenda entry or an OS), inside the write's transaction. */
export interface TeamGateInput {
  tx: DbOrTx;
  actor: WorkActor;
  /** SST activity type of the work (an entry's own, an OS's through its service type). */
  activityTypeId: number | null;
  /** Everyone on the team after the change. */
  teamIds: number[];
  /** Planned end: every requirement must hold through its last local day. */
  fim: Date;
  /** A gerente/diretoria's written release sent with the write, if any. */
  liberacaoSst?: { motivo: string } | null;
  /** Reasons an earlier written release on this item covers (null: none was written). */
  released: () => Promise<readonly string[] | null>;
}

/**
 * What the team gate lets through: nobody misses anything (`ok`: a kept release may go), every
 * reason was released before (`covered`: keep it), or a new written release to record.
 */
export type TeamVerdict =
  { kind: 'ok' } | { kind: 'covered' } | { kind: 'release'; motivo: string; reasons: string[] };

/** The start of work on site: an OS's check-in, or the start of the agenda entry of an OS. */
export interface CheckInGateInput {
  tx: DbOrTx;
  serviceOrderId: number;
  serviceTypeId: number;
  /** When the work starts (the phone's time when it sent one). */
  at: Date;
}

export const SST_RELEASE_REFUSAL =
  'Somente gerente ou diretoria podem liberar pessoas sem os requisitos de SST.';

/**
 * The SST gates of field work, ONE for every item that puts people on work or starts it on site
 * (agenda entries and service orders alike), so the agenda and the OS never answer differently.
 */
export function createWorkGates(deps: Pick<ServiceDeps, 'database' | 'config'>) {
  const sstGate = createSstGate(deps);
  const tz = deps.config.COMPANY_TIME_ZONE;
  /** Last local day a piece of work covers: a requirement must be valid through it. */
  const lastDay = (fim: Date) => todayIn(tz, new Date(fim.getTime() - 1));

  /** Everyone's complete reasons (health included): disclose them before anyone reads them. */
  async function teamReasons(
    db: DbOrTx,
    activityTypeId: number | null,
    teamIds: number[],
    fim: Date,
  ): Promise<SstReason[]> {
    if (activityTypeId === null) return [];
    const check = await sstGate.checkTeam(
      { userIds: teamIds, activityTypeId, date: lastDay(fim) },
      db,
    );
    return check.pendencias;
  }

  return {
    teamReasons,

    /**
     * A team must meet the activity's SST requirements through the planned end. A gerente or
     * diretoria may release it with a written reason (the caller records it where its item
     * keeps it); a change whose reasons were all released before goes through; anything new is
     * refused (409) naming only what the actor may know of each person.
     */
    async team(i: TeamGateInput): Promise<TeamVerdict> {
      const pendencias = await teamReasons(i.tx, i.activityTypeId, i.teamIds, i.fim);
      // What is kept (the release, the item's history) is read by the whole team: never the
      // ASO fitness.
      const reasons = [...new Set(pendencias.map((p) => withoutHealthReason(p.motivo)))];
      if (reasons.length === 0) return { kind: 'ok' };
      if (i.liberacaoSst) {
        if (!can(i.actor, 'sst.override')) {
          throw new AppError('FORBIDDEN', SST_RELEASE_REFUSAL, 'liberacao_sst');
        }
        return { kind: 'release', motivo: i.liberacaoSst.motivo, reasons };
      }
      const released = (await i.released())?.map(withoutHealthReason);
      if (released && reasons.every((r) => released.includes(r))) return { kind: 'covered' };
      const told = await discloseReasons(i.tx, i.actor, pendencias, 'veredito');
      throw new AppError(
        'CONFLICT',
        `Requisitos de SST não atendidos: ${told.map((p) => p.motivo).join('; ')}. Somente gerente ou diretoria podem liberar, com justificativa.`,
        'sst',
      );
    },

    /** Work whose service type requires a PT starts only under an approved PT valid then. */
    checkIn: (i: CheckInGateInput) => ptCheckInGate(deps, i),
  };
}

export type WorkGates = ReturnType<typeof createWorkGates>;
