import {
  SST_OVERRIDE_ROLES,
  todayIn,
  type osSstCheckBody,
  type OsSstCheck,
  type ServiceTypeSst,
  type SstOverride,
  withoutHealthReason,
} from '@eproto/domain';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  activityLog,
  serviceOrderEvents,
  sstActivityTypes,
  sstOsOverrides,
  sstServiceTypeRequirements,
  users,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createOsAccess, type OsActor } from '../service-orders/service-order-access.ts';
import { OS_ASSIGN_GUARDS, type OsGuard } from '../service-orders/service-order-guards.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import { discloseReasons } from './sst-disclosure.ts';
import { createSstGate } from './sst-gate.ts';
import { createSstService } from './sst.service.ts';

/** Last local day an OS covers (its planned end): a requirement must be valid through it. */
const lastDay = (fim: Date, tz: string) => todayIn(tz, new Date(fim.getTime() - 1));

async function linkedActivityType(db: DbOrTx, serviceTypeId: number) {
  const [row] = await db
    .select({ id: sstActivityTypes.id, nome: sstActivityTypes.nome })
    .from(sstServiceTypeRequirements)
    .innerJoin(sstActivityTypes, eq(sstActivityTypes.id, sstServiceTypeRequirements.activityTypeId))
    .where(eq(sstServiceTypeRequirements.serviceTypeId, serviceTypeId));
  return row ?? null;
}

/** Everyone's reasons on an OS of this service type ending on `fim` (none without requirements). */
async function osReasons(
  deps: Pick<ServiceDeps, 'database' | 'config'>,
  db: DbOrTx,
  serviceTypeId: number,
  userIds: number[],
  fim: Date,
) {
  const type = await linkedActivityType(db, serviceTypeId);
  if (!type || userIds.length === 0) return { type, pendencias: [] };
  const check = await createSstGate(deps).checkTeam(
    { userIds, activityTypeId: type.id, date: lastDay(fim, deps.config.COMPANY_TIME_ZONE) },
    db,
  );
  return { type, pendencias: check.pendencias };
}

/**
 * The OS_ASSIGN_GUARDS entry: an OS team (create, from agenda, helper added, new dates) must
 * meet the service type's SST requirements through the planned end. A gerente/diretoria may
 * release it with a written reason (kept on the OS, in its history and the activity log); a
 * later change whose reasons were all released before goes through; anything new blocks again.
 */
export const sstAssignGuard: OsGuard = async ({ deps, tx, os, actor, teamIds, liberacaoSst }) => {
  const { pendencias } = await osReasons(deps, tx, os.serviceTypeId, teamIds, os.previstoFim);
  // What is kept (release, OS history, activity log) is read by the whole team: never the ASO
  // fitness. The refusal names only what the actor may know of each person.
  const reasons = [...new Set(pendencias.map((p) => withoutHealthReason(p.motivo)))];
  if (reasons.length === 0) return;
  if (liberacaoSst) {
    if (!SST_OVERRIDE_ROLES.includes(actor.type)) {
      throw new AppError(
        'FORBIDDEN',
        'Somente gerente ou diretoria podem liberar pessoas sem os requisitos de SST.',
        'liberacao_sst',
      );
    }
    const now = new Date();
    await tx.insert(sstOsOverrides).values({
      serviceOrderId: os.id,
      motivo: liberacaoSst.motivo,
      userId: actor.id,
      pendencias: reasons,
      createdAt: now,
    });
    await tx.insert(serviceOrderEvents).values({
      serviceOrderId: os.id,
      tipo: 'sst_liberacao',
      userId: actor.id,
      em: now,
      motivo: liberacaoSst.motivo,
      texto: reasons.join('; '),
    });
    await tx.insert(activityLog).values({
      userId: actor.id,
      action: 'sst_os_override',
      objectType: 'service_order',
      objectId: String(os.id),
      details: { codigo: os.codigo, motivo: liberacaoSst.motivo, pendencias: reasons },
    });
    return;
  }
  const released = new Set(
    (
      await tx
        .select({ p: sstOsOverrides.pendencias })
        .from(sstOsOverrides)
        .where(eq(sstOsOverrides.serviceOrderId, os.id))
    ).flatMap((r) => r.p.map(withoutHealthReason)),
  );
  if (reasons.every((r) => released.has(r))) return;
  const told = await discloseReasons(tx, actor, pendencias, 'veredito');
  throw new AppError(
    'CONFLICT',
    `Requisitos de SST não atendidos: ${told.map((p) => p.motivo).join('; ')}. Somente gerente ou diretoria podem liberar, com justificativa.`,
    'sst',
  );
};

/** Plugs the guard into the OS steps once per process (every app instance shares the list). */
export function registerSstOsGuard() {
  if (!OS_ASSIGN_GUARDS.includes(sstAssignGuard)) OS_ASSIGN_GUARDS.push(sstAssignGuard);
}

/** Requirement sets of service types, the pre-check of a team and the overrides of an OS. */
export function createSstOsService(deps: ServiceDeps) {
  const db = deps.database.db;
  const sst = createSstService(deps);

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
      if (activityTypeId === null) {
        await db
          .delete(sstServiceTypeRequirements)
          .where(eq(sstServiceTypeRequirements.serviceTypeId, id));
      } else {
        const [type] = await db
          .select({ ativo: sstActivityTypes.ativo })
          .from(sstActivityTypes)
          .where(eq(sstActivityTypes.id, activityTypeId));
        if (!type || !type.ativo) {
          throw new AppError(
            'VALIDATION',
            'Tipo de atividade (requisitos de SST) não encontrado ou inativo.',
            'tipo_atividade_id',
          );
        }
        const values = { activityTypeId, updatedBy: actor.id, updatedAt: new Date() };
        await db
          .insert(sstServiceTypeRequirements)
          .values({ serviceTypeId: id, ...values })
          .onConflictDoUpdate({ target: sstServiceTypeRequirements.serviceTypeId, set: values });
      }
      return this.forServiceType(id);
    },

    /** The pre-check of a team, answering only what the caller may know of each person. */
    async check(u: OsActor, b: z.output<typeof osSstCheckBody>): Promise<OsSstCheck> {
      await serviceType(b.service_type_id);
      const { type, pendencias } = await osReasons(
        deps,
        db,
        b.service_type_id,
        b.pessoas,
        new Date(b.previsto_fim),
      );
      const told = await discloseReasons(db, u, pendencias, 'omitir');
      return { tipo_atividade: type, ok: told.length === 0, pendencias: told };
    },

    async overrides(u: OsActor, osId: number): Promise<{ items: SstOverride[] }> {
      await createOsAccess(db).of(u, osId);
      const rows = await db
        .select({ o: sstOsOverrides, nome: users.nome })
        .from(sstOsOverrides)
        .leftJoin(users, eq(users.id, sstOsOverrides.userId))
        .where(eq(sstOsOverrides.serviceOrderId, osId))
        .orderBy(asc(sstOsOverrides.id));
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
