import {
  can,
  type OsStatus,
  roleOf,
  rolesFor,
  RT_EVENTS,
  type UserRef,
  workItemSchemas,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { toUserRef } from '../access/user-ref.ts';
import type { WorkItemAccess, WorkItemKind } from '../work-items/work-item-kind.ts';
import { workItemThreadRoutes } from '../work-items/work-item.routes.ts';
import { osMentionableRows, osThreadTables } from './service-order-thread.repo.ts';

/**
 * People who can be mentioned in an OS: its current team and the gestores (coordenador,
 * gerente, diretoria) linked to its contract — all of whom can see it.
 */
async function osMentionables(db: DbOrTx, osId: number): Promise<UserRef[]> {
  const rows = await osMentionableRows(db, osId);
  return rows.filter((r) => r.onTeam || can(roleOf(r.role), 'os.manage')).map(toUserRef);
}

/** An OS as its thread sees it; the status goes out with the realtime event. */
interface OsThreadAccess extends WorkItemAccess {
  status: OsStatus;
}

/**
 * Service orders as a kind of work item: the "Conversa" of an OS. Whoever sees the OS
 * (service-order-access.ts: its team, the gestores of its contract) reads and writes it;
 * uploaders delete their own files and the contract's gestores any file, always with a reason.
 * Not in SPEC.md; paths follow the demand/task ones under /api/tatico/os/{id}.
 */
export const osThread: WorkItemKind<'service_order_id', OsThreadAccess> = {
  name: 'service-orders',
  apiBase: '/api/tatico/os',
  idField: 'service_order_id',
  schemas: workItemSchemas('service_order_id'),
  tables: osThreadTables,
  uploadPath: 'attachments',
  tag: 'ordens de serviço',
  async access(seam, db, u, id) {
    const a = await seam.requireAccess(u, 'os', id, db);
    return {
      id,
      status: a.row.o.status,
      titulo: a.row.o.codigo,
      muralId: null,
      protocolId: null,
      link: `/tatico/agenda/os/${id}?aba=conversa`,
      where: `na ${a.row.o.codigo}`,
      can: {
        message: true,
        upload: true,
        deleteAnyAttachment: a.manager,
        addParticipants: false,
      },
    };
  },
  mentionables: (db, item) => osMentionables(db, item.id),
  watchers: async (tx, item) => (await osMentionables(tx, item.id)).map((p) => p.id),
  touched: async () => undefined,
  addParticipant: async () => false,
  // The thread's part only (no version: the OS itself did not change), so a tab reads that
  // part again and leaves the OS page, its lists and the agenda alone (web: change-effects.ts).
  async changed(deps, item, part) {
    await deps.events.publish({
      type: RT_EVENTS.serviceOrderChanged,
      id: item.id,
      data: { id: item.id, status: item.status, part },
    });
  },
};

/** /api/tatico/os/{id}/messages, /mentionables, /attachments, /history (screen /tatico/agenda). */
export const osThreadRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  // Before validation, as the route-level role guards (plugins/auth.ts).
  app.addHook('preValidation', requireRoles(rolesFor('/tatico/agenda')));
  const { prefix: _prefix, ...childDeps } = deps as ServiceDeps & { prefix?: string };
  await app.register(
    workItemThreadRoutes(osThread, (s) => s.threads.os),
    childDeps,
  );
};
