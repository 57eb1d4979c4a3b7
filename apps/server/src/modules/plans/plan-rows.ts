import {
  cascade,
  findCycle,
  PLAN_IMPORT_MAX_TASKS,
  type PlanImportError,
  type PlanPredecessor,
  type PlanTaskPreview,
  type ScheduleDependency,
  type Stage,
  type WorkingCalendar,
} from '@eproto/domain';
import { AppError } from '../../lib/errors.ts';
import type { PlanPerson } from './plans.repo.ts';

/** Who a file names as responsável: an e-mail (XLSX, MSPDI resource) or only a name (MSPDI). */
export interface PlanPersonRef {
  email: string | null;
  nome: string | null;
}

/** One task as a reader found it in the file, before people and links are checked. */
export interface RawPlanTask {
  linha: number;
  ref: number;
  titulo: string;
  inicio: string | null;
  fim: string | null;
  horas: number | null;
  pessoa: PlanPersonRef | null;
  predecessoras: PlanPredecessor[];
  stage: Stage | null;
}

/** What a reader got from a file: its good rows, its bad lines, and every ID it names. */
export interface ReadPlan {
  tasks: RawPlanTask[];
  erros: PlanImportError[];
  /** IDs of every task line, good or bad (a link to a bad line is not "unknown"). */
  refs: Set<number>;
}

/** A file with more tasks than an import takes: refused whole, before anything else. */
export function assertPlanSize(count: number) {
  if (count > PLAN_IMPORT_MAX_TASKS) {
    throw new AppError(
      'VALIDATION',
      `O arquivo tem ${count.toLocaleString('pt-BR')} tarefas; o limite é ${PLAN_IMPORT_MAX_TASKS.toLocaleString('pt-BR')} por importação. Divida o plano em partes.`,
      'file',
    );
  }
}

export interface ResolveContext {
  byEmail: Map<string, PlanPerson>;
  /** Active people by lower-cased name (several = ambiguous). */
  byName: Map<string, PlanPerson[]>;
  calendar: WorkingCalendar;
  /** The importer reviews tasks: may bring tasks already concluded. */
  reviewer: boolean;
}

function personOf(
  ref: PlanPersonRef,
  ctx: ResolveContext,
): { ok: true; person: PlanPerson } | { ok: false; motivo: string } {
  if (ref.email) {
    const p = ctx.byEmail.get(ref.email.toLowerCase());
    if (p) return { ok: true, person: p };
    return {
      ok: false,
      motivo: `Responsável "${ref.email.slice(0, 120)}" não encontrado entre as pessoas ativas.`,
    };
  }
  const nome = (ref.nome ?? '').slice(0, 120);
  const found = ctx.byName.get(nome.toLowerCase()) ?? [];
  if (found.length === 1) return { ok: true, person: found[0]! };
  return {
    ok: false,
    motivo:
      found.length === 0
        ? `Responsável "${nome}" não encontrado entre as pessoas ativas (informe o e-mail).`
        : `Há mais de uma pessoa chamada "${nome}": informe o e-mail do responsável.`,
  };
}

/** A resolved plan: the preview rows (dates after the cascade) and the links between them. */
export interface ResolvedPlan {
  tarefas: PlanTaskPreview[];
  links: ScheduleDependency[];
  erros: PlanImportError[];
}

/**
 * Checks what a file says against the company and the plan's own rules: repeated IDs, unknown
 * people, concluded tasks from a non-reviewer, links to IDs not in the file, self-links and
 * cycles. Then the links push successors that start too early (scheduling.ts cascade, in the
 * demand's calendar), as they would be pushed had the plan been typed task by task.
 */
export function resolvePlan(read: ReadPlan, ctx: ResolveContext): ResolvedPlan {
  const erros = [...read.erros];
  const seen = new Map<number, number>();
  const good: { raw: RawPlanTask; person: PlanPerson | null }[] = [];
  for (const raw of read.tasks) {
    const first = seen.get(raw.ref);
    if (first !== undefined) {
      erros.push({ linha: raw.linha, motivo: `ID ${raw.ref} repetido (já na linha ${first}).` });
      continue;
    }
    seen.set(raw.ref, raw.linha);
    const problems: string[] = [];
    let person: PlanPerson | null = null;
    if (raw.pessoa) {
      const r = personOf(raw.pessoa, ctx);
      if (r.ok) person = r.person;
      else problems.push(r.motivo);
    }
    if (raw.stage === 'concluido' && !ctx.reviewer) {
      problems.push('Só quem revisa tarefas importa tarefas concluídas: use outra etapa.');
    }
    for (const p of raw.predecessoras) {
      if (p.ref === raw.ref) problems.push('Uma tarefa não pode depender dela mesma.');
      else if (!read.refs.has(p.ref)) problems.push(`Predecessora ${p.ref} não existe no arquivo.`);
    }
    if (problems.length > 0) erros.push({ linha: raw.linha, motivo: problems.join(' ') });
    else good.push({ raw, person });
  }

  const links: ScheduleDependency[] = [];
  const okRefs = new Set(good.map((g) => g.raw.ref));
  for (const g of good) {
    for (const p of g.raw.predecessoras) {
      if (okRefs.has(p.ref)) {
        links.push({ protocol_id: g.raw.ref, predecessor_id: p.ref, lag_days: p.lag_days });
      }
    }
  }
  const cycle = findCycle(links);
  if (cycle) {
    const lineOf = (ref: number) => seen.get(ref) ?? 0;
    erros.push({
      linha: Math.min(...cycle.map(lineOf)),
      motivo: `Dependências em ciclo: ${cycle.join(' → ')} (cada tarefa acabaria esperando por ela mesma).`,
    });
  }

  const dates = new Map<number, { inicio: string | null; fim: string | null; shift: number }>(
    good.map((g) => [g.raw.ref, { inicio: g.raw.inicio, fim: g.raw.fim, shift: 0 }]),
  );
  if (!cycle) {
    // A root with no dates ahead of every task: one cascade settles the whole file in order.
    const ROOT = 0;
    const shifts = cascade(
      good.map((g) => ({ id: g.raw.ref, inicio_previsto: g.raw.inicio, fim_previsto: g.raw.fim })),
      [
        ...links,
        ...good.map((g) => ({ protocol_id: g.raw.ref, predecessor_id: ROOT, lag_days: 0 })),
      ],
      { id: ROOT, inicio_previsto: null, fim_previsto: null },
      () => ctx.calendar,
    );
    for (const s of shifts) {
      dates.set(s.id, {
        inicio: s.after.inicio_previsto,
        fim: s.after.fim_previsto,
        shift: s.shift_days,
      });
    }
  }

  const tarefas: PlanTaskPreview[] = good.map(({ raw, person }) => {
    const d = dates.get(raw.ref)!;
    return {
      linha: raw.linha,
      ref: raw.ref,
      titulo: raw.titulo,
      inicio_previsto: d.inicio,
      fim_previsto: d.fim,
      horas_estimadas: raw.horas,
      responsavel: person,
      predecessoras: raw.predecessoras,
      stage: raw.stage ?? 'a_fazer',
      adiada_dias: d.shift,
    };
  });
  erros.sort((a, b) => a.linha - b.linha);
  return { tarefas, links, erros: erros.slice(0, 200) };
}
