import {
  CALENDAR_DAYS,
  stageDateChanges,
  todayIn,
  type PlanFormat,
  type PlanImportError,
  type PlanImportResult,
  type PlanPreview,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExportFile } from '../../lib/export/spreadsheet.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { calendarsOfMurals } from '../calendar/calendar.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { isReviewer } from '../protocols/protocol-access.ts';
import { publishProtocolsChanged } from '../protocols/protocol-events.ts';
import { planForExport } from './plan-export.ts';
import { planMspdi, readPlanMspdi } from './plan-mspdi.ts';
import { resolvePlan, type ReadPlan, type ResolvedPlan } from './plan-rows.ts';
import type { PlanUpload } from './plan-upload.ts';
import { planXlsx, readPlanXlsx } from './plan-xlsx.ts';
import { createPlansRepo, type PlanPerson, type PlanTaskInsert } from './plans.repo.ts';

/** A refused import: the file was read, and these lines are wrong (nothing was written). */
export class PlanImportRefused extends AppError {
  constructor(readonly erros: PlanImportError[]) {
    super(
      'VALIDATION',
      erros.length === 1
        ? 'Uma linha do plano tem problema; nada foi importado.'
        : `${erros.length} linhas do plano têm problemas; nada foi importado.`,
      'file',
    );
  }
}

const CHUNK = 500;

/**
 * A demand's plan in and out (issue 36 point 6): export to XLSX or MSPDI for whoever sees the
 * demand; preview and import for whoever may create its tasks (gestores who see it, its
 * responsável and its creator, as POST /protocols).
 */
export function createPlansService(deps: ServiceDeps) {
  const { db } = deps.database;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  const calendarOf = async (muralId: number) =>
    (await calendarsOfMurals(db, [muralId])).get(muralId) ?? CALENDAR_DAYS;

  async function assertPlanner(u: ScopeUser, muralId: number) {
    const m = await deps.access.requireAccess(u, 'demand', muralId);
    if (!(m.manager || m.responsavelId === u.id || m.createdBy === u.id)) {
      throw new AppError(
        'FORBIDDEN',
        'Só quem cria tarefas nesta demanda (gestão, responsável ou criador) importa um plano.',
      );
    }
    return m;
  }

  async function resolve(u: ScopeUser, muralId: number, file: PlanUpload) {
    const read: ReadPlan =
      file.kind === 'xlsx' ? await readPlanXlsx(file.data) : readPlanMspdi(file.data);
    const repo = createPlansRepo(db);
    const emails = new Set<string>();
    const names = new Set<string>();
    for (const t of read.tasks) {
      if (t.pessoa?.email) emails.add(t.pessoa.email.toLowerCase().slice(0, 254));
      else if (t.pessoa?.nome) names.add(t.pessoa.nome.toLowerCase().slice(0, 120));
    }
    const [byEmailRows, byNameRows, calendar] = await Promise.all([
      repo.activeByEmail([...emails]),
      repo.activeByName([...names]),
      calendarOf(muralId),
    ]);
    const byName = new Map<string, PlanPerson[]>();
    for (const p of byNameRows) {
      const k = p.nome.toLowerCase();
      byName.set(k, [...(byName.get(k) ?? []), p]);
    }
    const resolved = resolvePlan(read, {
      byEmail: new Map(byEmailRows.map((p) => [p.email.toLowerCase(), p])),
      byName,
      calendar,
      reviewer: isReviewer(u),
    });
    const formato: PlanFormat = file.kind === 'xlsx' ? 'xlsx' : 'mspdi';
    return { resolved, formato, diasUteis: calendar !== CALENDAR_DAYS };
  }

  function insertsOf(u: ScopeUser, muralId: number, plan: ResolvedPlan): PlanTaskInsert[] {
    const day = today();
    return plan.tarefas.map((t) => {
      const real = stageDateChanges(
        { stage: 'a_fazer', inicio_real: null, fim_real: null },
        t.stage,
        day,
      );
      const review = t.stage === 'em_revisao';
      return {
        muralId,
        titulo: t.titulo,
        responsavelId: t.responsavel?.id ?? null,
        stage: t.stage,
        inicioPrevisto: t.inicio_previsto,
        fimPrevisto: t.fim_previsto,
        inicioReal: real.inicio_real ?? null,
        fimReal: real.fim_real ?? null,
        horasEstimadas: t.horas_estimadas,
        createdBy: u.id,
        reviewStatus: review ? 'pendente' : null,
        reviewRequestedAt: review ? new Date() : null,
      };
    });
  }

  return {
    /** 404 unless the caller sees the demand (the template is for its planners' hands). */
    async assertVisible(u: ScopeUser, muralId: number) {
      await deps.access.requireAccess(u, 'demand', muralId);
    },

    /** The plan file of the demand, in creation order (links to other demands are left out). */
    async export(
      u: ScopeUser,
      muralId: number,
      formato: PlanFormat,
    ): Promise<ExportFile & { nome: string }> {
      const mural = await deps.access.requireAccess(u, 'demand', muralId);
      const repo = createPlansRepo(db);
      const [tasks, links, calendar] = await Promise.all([
        repo.tasks(muralId),
        repo.links(muralId),
        calendarOf(muralId),
      ]);
      const plan = planForExport(tasks, links);
      const nome = `plano-demanda-${muralId}`;
      if (formato === 'xlsx') return { ...(await planXlsx(plan)), nome };
      return {
        body: planMspdi(plan, {
          titulo: mural.titulo,
          calendar,
          workingDays: calendar !== CALENDAR_DAYS,
        }),
        contentType: 'application/xml; charset=utf-8',
        extension: 'xml',
        nome,
      };
    },

    /** What the file would import, with every problem by line; writes nothing. */
    async preview(u: ScopeUser, muralId: number, file: PlanUpload): Promise<PlanPreview> {
      await assertPlanner(u, muralId);
      const { resolved, formato, diasUteis } = await resolve(u, muralId, file);
      return {
        formato,
        dias_uteis: diasUteis,
        tarefas: resolved.tarefas,
        dependencias: resolved.links.length,
        erros: resolved.erros,
      };
    },

    /**
     * Imports the file into the demand in one transaction: every task with its history entry,
     * every link, and one entry in the demand's history. Any bad line refuses the whole file.
     */
    async import(
      u: ScopeUser,
      muralId: number,
      file: PlanUpload,
      fileName: string,
    ): Promise<PlanImportResult> {
      await assertPlanner(u, muralId);
      const { resolved } = await resolve(u, muralId, file);
      if (resolved.erros.length > 0) throw new PlanImportRefused(resolved.erros);
      if (resolved.tarefas.length === 0) {
        throw new AppError('VALIDATION', 'O arquivo não tem nenhuma tarefa.', 'file');
      }
      const rows = insertsOf(u, muralId, resolved);
      const texto = `Importada do plano "${fileName}".`;
      const ids = await db.transaction(async (tx) => {
        const repo = createPlansRepo(tx);
        await repo.lockMural(muralId);
        const created: number[] = [];
        for (let i = 0; i < rows.length; i += CHUNK) {
          const got = await repo.insertTasks(rows.slice(i, i + CHUNK));
          created.push(...got.map((g) => g.id));
        }
        const idOf = new Map(resolved.tarefas.map((t, i) => [t.ref, created[i]!]));
        await repo.insertLinks(
          resolved.links.map((l) => ({
            protocolId: idOf.get(l.protocol_id)!,
            predecessorId: idOf.get(l.predecessor_id)!,
            lagDays: l.lag_days,
            createdBy: u.id,
          })),
        );
        await repo.insertTaskHistory(
          resolved.tarefas.map((t, i) => ({
            protocolId: created[i]!,
            authorId: u.id,
            action: 'criada',
            before: null,
            after: {
              titulo: t.titulo,
              responsavel_id: t.responsavel?.id ?? null,
              stage: t.stage,
              inicio_previsto: t.inicio_previsto,
              fim_previsto: t.fim_previsto,
              horas_estimadas: t.horas_estimadas,
              ...(t.adiada_dias > 0 ? { adiada_dias: t.adiada_dias } : {}),
            },
            texto,
          })),
        );
        const n = resolved.tarefas.length;
        await repo.insertMuralHistory({
          muralId,
          authorId: u.id,
          action: 'plano_importado',
          before: null,
          after: { tarefas: n, dependencias: resolved.links.length, arquivo: fileName },
          texto: `${n === 1 ? '1 tarefa importada' : `${n} tarefas importadas`} de "${fileName}".`,
        });
        return created;
      });
      await publishProtocolsChanged(deps, [
        { muralId, ids, reviews: resolved.tarefas.some((t) => t.stage === 'em_revisao') },
      ]);
      await publishMuralChanged(deps, muralId, { part: 'tasks' });
      return { importadas: ids.length, dependencias: resolved.links.length };
    },
  };
}
