import { dependencyRefusal, type Dependency, type DependencyCreateResponse } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { taskVisibleAs, type ScopeUser } from '../access/scope.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { applyCascade, loadGraph, type Publish } from './protocol-cascade.ts';
import { publishProtocolsChanged } from './protocol-events.ts';
import { createProtocolGraphRepo } from './protocol-graph.repo.ts';
import { createProtocolItemsRepo } from './protocol-items.repo.ts';

type LinkRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createProtocolGraphRepo>['one']>>>;

const ref = (t: LinkRow['pred']) => ({
  id: t.id,
  titulo: t.titulo,
  mural_id: t.muralId,
  stage: t.stage,
  inicio_previsto: t.inicioPrevisto,
  fim_previsto: t.fimPrevisto,
});

function toDependency(r: LinkRow): Dependency {
  return {
    id: r.id,
    protocol_id: r.protocolId,
    predecessor_id: r.predecessorId,
    lag_days: r.lagDays,
    predecessor: ref(r.pred),
    successor: ref(r.succ),
    created_at: r.createdAt.toISOString(),
  };
}

const depNotFound = () => new AppError('NOT_FOUND', 'Dependência não encontrada.');

/**
 * Finish-to-start links of a task: list both ways, add (refusing self-links and cycles, then
 * pushing the successor chain when the new link is violated) and remove (never pulls back).
 */
export function createProtocolDependenciesService(deps: ServiceDeps) {
  const { db } = deps.database;
  const notifications = deps.notifications;

  return {
    async list(u: ScopeUser, id: number): Promise<Dependency[]> {
      await deps.access.requireAccess(u, 'task', id, db);
      const rows = await createProtocolGraphRepo(db).touching(
        id,
        taskVisibleAs(u, 'pred'),
        taskVisibleAs(u, 'succ'),
      );
      return rows.map(toDependency);
    },

    /** Task `id` comes to depend on `predecessorId` (with lag). */
    async add(
      u: ScopeUser,
      id: number,
      predecessorId: number,
      lagDays: number,
    ): Promise<DependencyCreateResponse> {
      const access = await deps.access.requireAccess(u, 'task', id, db);
      if (!access.permissions.edit_dependencies) throw forbidden();
      if (predecessorId !== id) {
        try {
          await deps.access.requireAccess(u, 'task', predecessorId, db);
        } catch {
          throw new AppError('NOT_FOUND', 'Tarefa predecessora não encontrada.', 'predecessor_id');
        }
      }
      const publishers: Publish[] = [];
      const result = await db.transaction(async (tx) => {
        const graph = createProtocolGraphRepo(tx);
        await graph.lockGraph();
        // The successor's downstream links decide whether the new link closes a cycle.
        const down = await loadGraph(tx, [id]);
        const refusal = dependencyRefusal(down.deps, id, predecessorId, lagDays);
        if (refusal) throw new AppError('VALIDATION', refusal, 'predecessor_id');
        const link = await graph.insert({
          protocolId: id,
          predecessorId,
          lagDays,
          createdBy: u.id,
        });
        const { deps: links, tasks, calendarOf } = await loadGraph(tx, [predecessorId]);
        const pred = tasks.find((t) => t.id === predecessorId)!;
        const items = createProtocolItemsRepo(tx);
        const after = { dependency_id: link.id, predecessor_id: predecessorId, lag_days: lagDays };
        await items.insertHistory([
          {
            protocolId: id,
            authorId: u.id,
            action: 'dependencia_adicionada',
            before: null,
            after,
            texto: `Depende de "${pred.titulo}".`,
          },
          {
            protocolId: predecessorId,
            authorId: u.id,
            action: 'dependencia_adicionada',
            before: null,
            after: { ...after, protocol_id: id },
            texto: `"${access.task.titulo}" passou a depender desta tarefa.`,
          },
        ]);
        const cascade = await applyCascade(tx, notifications, {
          actorId: u.id,
          changed: pred,
          tasks,
          deps: links,
          calendarOf,
          cause: pred.titulo,
        });
        publishers.push(...cascade.publishers);
        return { linkId: link.id, moved: cascade.moved, predMural: pred.muralId };
      });
      for (const p of publishers) await p();
      const changes = [
        { muralId: access.task.muralId, ids: [id] },
        { muralId: result.predMural, ids: [predecessorId] },
        ...result.moved.map((m) => ({ muralId: m.muralId, ids: [m.id] })),
      ];
      await publishProtocolsChanged(deps, changes);
      for (const m of new Set(changes.map((c) => c.muralId))) {
        await publishMuralChanged(deps, m, { part: 'tasks', taskId: id });
      }
      const row = await createProtocolGraphRepo(db).one(result.linkId);
      if (!row) throw depNotFound();
      return {
        ...toDependency(row),
        cascaded: result.moved.map(({ muralId: _m, ...rest }) => rest),
      };
    },

    /** Removes a link touching task `id` (either end); the successor's editors may do it. */
    async remove(u: ScopeUser, id: number, depId: number): Promise<void> {
      await deps.access.requireAccess(u, 'task', id, db);
      const link = await createProtocolGraphRepo(db).one(depId);
      if (!link || (link.protocolId !== id && link.predecessorId !== id)) throw depNotFound();
      const successor = await deps.access
        .requireAccess(u, 'task', link.protocolId, db)
        .catch(() => null);
      if (!successor) throw depNotFound();
      if (!successor.permissions.edit_dependencies) throw forbidden();
      await db.transaction(async (tx) => {
        await createProtocolGraphRepo(tx).lockGraph();
        if (!(await createProtocolGraphRepo(tx).remove(depId))) throw depNotFound();
        const before = {
          dependency_id: depId,
          predecessor_id: link.predecessorId,
          lag_days: link.lagDays,
        };
        await createProtocolItemsRepo(tx).insertHistory([
          {
            protocolId: link.protocolId,
            authorId: u.id,
            action: 'dependencia_removida',
            before,
            after: null,
            texto: `Não depende mais de "${link.pred.titulo}".`,
          },
          {
            protocolId: link.predecessorId,
            authorId: u.id,
            action: 'dependencia_removida',
            before: { ...before, protocol_id: link.protocolId },
            after: null,
            texto: `"${link.succ.titulo}" não depende mais desta tarefa.`,
          },
        ]);
      });
      const changes = [
        { muralId: link.succ.muralId, ids: [link.protocolId] },
        { muralId: link.pred.muralId, ids: [link.predecessorId] },
      ];
      await publishProtocolsChanged(deps, changes);
      for (const m of new Set(changes.map((c) => c.muralId))) {
        await publishMuralChanged(deps, m, { part: 'tasks', taskId: id });
      }
    },
  };
}
