import {
  type osSstCheckBody,
  type OsSstCheck,
  type ServiceTypeSst,
  type SstOverride,
  withoutHealthReason,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { audit } from '../activity/audit.repo.ts';
import type { WorkActor, WorkGates } from './work-gates.ts';
import type { OsActor } from '../service-orders/service-order-access.ts';
import type { OsRow } from '../service-orders/service-orders.repo.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import { discloseReasons } from './sst-disclosure.ts';
import { createSstOsRepo } from './sst-os.repo.ts';
import type { SstService } from './sst.service.ts';

const linkedActivityType = (db: DbOrTx, serviceTypeId: number) =>
  createSstOsRepo(db).linkedActivityType(serviceTypeId);

/** People put on an OS (create, from agenda, helper added, new dates). */
export interface OsTeamInput {
  tx: DbOrTx;
  os: OsRow;
  actor: WorkActor;
  /** Everyone on the team after the change. */
  teamIds: number[];
  liberacaoSst?: { motivo: string } | null;
}

/**
 * An OS team must meet its service type's SST requirements through the planned end, through
 * the same team gate as an agenda entry (modules/sst/work-gates.ts). A gerente/diretoria's
 * written release is kept on the OS, in its history and the activity log; a later change whose
 * reasons were all released before goes through; anything new blocks again.
 */
export async function osTeamGate(gates: WorkGates, i: OsTeamInput) {
  const { tx, os, actor } = i;
  const type = await linkedActivityType(tx, os.serviceTypeId);
  const verdict = await gates.team({
    tx,
    actor,
    activityTypeId: type?.id ?? null,
    teamIds: i.teamIds,
    fim: os.previstoFim,
    liberacaoSst: i.liberacaoSst,
    released: () => createSstOsRepo(tx).releasedReasons(os.id),
  });
  if (verdict.kind === 'release') {
    const { motivo, reasons } = verdict;
    await createSstOsRepo(tx).recordRelease({
      osId: os.id,
      userId: actor.id,
      motivo,
      reasons,
      at: new Date(),
    });
    await audit.record(tx, {
      userId: actor.id,
      action: 'sst_os_override',
      objectType: 'service_order',
      objectId: String(os.id),
      details: { codigo: os.codigo, motivo, pendencias: reasons },
    });
  }
}

/** Requirement sets of service types, the pre-check of a team and the overrides of an OS. */
export function createSstOsService(deps: ServiceDeps, { sst }: { sst: SstService }) {
  const db = deps.database.db;

  async function serviceType(id: number) {
    const t = await createServiceTypesRepo(db).byId(id);
    if (!t) throw notFound('Tipo de serviço');
    return t;
  }

  return {
    async forServiceType(id: number): Promise<ServiceTypeSst> {
      await serviceType(id);
      const link = await linkedActivityType(db, id);
      const full = link
        ? ((await sst.activityTypes(true)).items.find((t) => t.id === link.id) ?? null)
        : null;
      return { service_type_id: id, tipo_atividade: full };
    },

    async setForServiceType(actor: OsActor, id: number, activityTypeId: number | null) {
      await serviceType(id);
      await db.transaction(async (tx) => {
        const repo = createSstOsRepo(tx);
        if (activityTypeId === null) {
          await repo.unlinkServiceType(id);
        } else {
          if (!(await repo.activityTypeActive(activityTypeId))) {
            throw new AppError(
              'VALIDATION',
              'Tipo de atividade (requisitos de SST) não encontrado ou inativo.',
              'tipo_atividade_id',
            );
          }
          const values = { activityTypeId, updatedBy: actor.id, updatedAt: new Date() };
          await repo.linkServiceType(id, values);
        }
      });
      return this.forServiceType(id);
    },

    /** The pre-check of a team, answering only what the caller may know of each person. */
    async check(u: OsActor, b: z.output<typeof osSstCheckBody>): Promise<OsSstCheck> {
      await serviceType(b.service_type_id);
      const type = await linkedActivityType(db, b.service_type_id);
      const pendencias = await deps.access.gates.teamReasons(
        db,
        type?.id ?? null,
        b.pessoas,
        new Date(b.previsto_fim),
      );
      const told = await discloseReasons(db, u, pendencias, 'omitir');
      return { tipo_atividade: type, ok: told.length === 0, pendencias: told };
    },

    async overrides(u: OsActor, osId: number): Promise<{ items: SstOverride[] }> {
      await deps.access.requireAccess(u, 'os', osId);
      const rows = await createSstOsRepo(db).overridesOf(osId);
      return {
        items: rows.map((r) => ({
          motivo: r.o.motivo,
          por: r.o.userId !== null && r.nome ? { id: r.o.userId, nome: r.nome } : null,
          em: r.o.createdAt.toISOString(),
          pendencias: r.o.pendencias.map(withoutHealthReason),
        })),
      };
    },
  };
}
