import {
  addDaysTo,
  averageUsePerDay,
  can,
  hoursDueDates,
  nextWorkingDay,
  periodicityText,
  planDueDates,
  todayIn,
  type AssetYear,
  type Occurrence,
  type OccurrenceState,
  type Plan,
  type planBody,
  type planPatchBody,
  type preventiveSettingsBody,
  type WorkingCalendar,
  type YearCellState,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { calendarsOfContracts } from '../calendar/calendar.service.ts';
import type { AgendaService } from '../agenda/agenda.service.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import { generateContract } from './assets-plans.generate.ts';
import type { AssetActor } from './assets.service.ts';
import { createAssetsRepo } from './assets.repo.ts';
import {
  createAssetPlansRepo,
  type OccurrenceJoined,
  type PlanJoined,
} from './assets-plans.repo.ts';

const planNotFound = () => new AppError('NOT_FOUND', 'Plano de manutenção não encontrado.');

/** Why a plan opens nothing any more, or null. */
export function planStopped(p: Pick<PlanJoined, 'alvoTag' | 'alvoStatus'>): string | null {
  if (p.alvoStatus === 'substituido') {
    return `O ativo ${p.alvoTag} foi substituído: este plano não abre mais OSs. Crie um plano para o ativo novo.`;
  }
  if (p.alvoStatus === 'inativo') {
    return `O ativo ${p.alvoTag} está inativo: este plano não abre OSs enquanto ele estiver inativo.`;
  }
  return null;
}

/** The state of one due date from its OS and the clock. */
export function occurrenceState(o: OccurrenceJoined, now: Date, today: string): OccurrenceState {
  if (o.osStatus === 'concluida') return 'feita';
  if (o.osStatus === 'cancelada') return 'nao_feita';
  if (o.osStatus === null) return o.o.dia < today ? 'atrasada' : 'prevista';
  return o.osFim !== null && o.osFim < now ? 'atrasada' : 'aberta';
}

export function toOccurrence(o: OccurrenceJoined, now: Date, today: string): Occurrence {
  return {
    plano_id: o.o.planId,
    ativo: { id: o.o.assetId, tag: o.tag },
    vencimento: o.o.vencimento,
    dia: o.o.dia,
    estado: occurrenceState(o, now, today),
    os:
      o.o.serviceOrderId !== null && o.osCodigo !== null
        ? { id: o.o.serviceOrderId, codigo: o.osCodigo, status: o.osStatus ?? 'aberta' }
        : null,
  };
}

const isOverdue = (s: OccurrenceState) => s === 'atrasada' || s === 'nao_feita';

type PlansRepo = ReturnType<typeof createAssetPlansRepo>;

/** "PL-1, PL-2, PL-3, PL-4, PL-5 e mais 2". */
function tagList(tags: string[]): string {
  const shown = tags.slice(0, 5).join(', ');
  return tags.length > 5 ? `${shown} e mais ${tags.length - 5}` : shown;
}

/**
 * The dates a plan "a cada N horas" still has to open for each asset (multiples with an
 * occurrence already are left out), from `from` to `until`, and why some asset projects
 * nothing ("Sem leituras do horímetro: …").
 */
async function hoursProjection(
  repo: PlansRepo,
  plan: { id: number; intervaloHoras: number | null },
  assets: Array<{ id: number; tag: string }>,
  from: string,
  until: string,
) {
  const readings = await repo.readingsOf(assets.map((a) => a.id));
  const opened = await repo.occurrences({ planIds: [plan.id], assetIds: assets.map((a) => a.id) });
  const dues = new Map<number, Array<{ horas_alvo: number; vencimento: string }>>();
  const none: string[] = [];
  const few: string[] = [];
  for (const a of assets) {
    const r = readings.get(a.id) ?? [];
    if (r.length === 0) none.push(a.tag);
    else if (averageUsePerDay(r) === null) few.push(a.tag);
    const done = new Set(
      opened
        .filter((o) => o.o.assetId === a.id && o.o.horasAlvo !== null)
        .map((o) => o.o.horasAlvo),
    );
    dues.set(
      a.id,
      hoursDueDates(plan.intervaloHoras ?? 0, r, from, until).filter(
        (d) => !done.has(d.horas_alvo),
      ),
    );
  }
  const why = [
    none.length > 0 ? `Sem leituras do horímetro: ${tagList(none)}.` : null,
    few.length > 0
      ? `Sem leituras do horímetro suficientes para projetar (duas, em dias diferentes, com uso): ${tagList(few)}.`
      : null,
  ].filter((x) => x !== null);
  return { dues, opened, aviso: why.length > 0 ? why.join(' ') : null };
}

/**
 * Maintenance plans of a contract's assets, the contract's preventive settings, and what an
 * asset's plans did (next dates, overdue ones, OS history, the yearly grid). The agenda's roles
 * read the plans of their contracts; gestão (`assets.manage`) writes them.
 */
export function createAssetPlansService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'access' | 'events' | 'notifications'>,
  { agenda }: { agenda: AgendaService },
) {
  const db = deps.database.db;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createAssetPlansRepo(db);
  const assetsRepo = createAssetsRepo(db);
  const scopes = deps.access.scope(db);
  const manages = (u: AssetActor) => can(u, 'assets.manage');

  async function contractVisible(u: AssetActor, contractId: number, field = 'contract_id') {
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(contractId)) {
      throw new AppError(
        field === 'path' ? 'NOT_FOUND' : 'VALIDATION',
        'Contrato não encontrado.',
        field === 'path' ? undefined : field,
      );
    }
  }

  function assertManager(u: AssetActor) {
    if (!manages(u)) {
      throw new AppError(
        'FORBIDDEN',
        'Só a gestão (coordenador, gerente ou diretoria) cria e altera planos de manutenção.',
      );
    }
  }

  async function visibleAsset(u: AssetActor, id: number) {
    const row = await assetsRepo.byId(id);
    if (!row) throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(row.a.contractId)) {
      throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    }
    return row;
  }

  async function visiblePlan(u: AssetActor, id: number) {
    const p = await repo.plan(id);
    if (!p) throw planNotFound();
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(p.p.contractId)) throw planNotFound();
    return p;
  }

  async function checkServiceType(id: number) {
    const t = await createServiceTypesRepo(db).byId(id);
    if (!t) throw new AppError('VALIDATION', 'Tipo de serviço não encontrado.', 'service_type_id');
    if (!t.ativo) throw new AppError('VALIDATION', 'Tipo de serviço inativo.', 'service_type_id');
    if (!(await createServiceTypesRepo(db).latestVersion(id))) {
      throw new AppError('VALIDATION', 'Tipo de serviço sem checklist.', 'service_type_id');
    }
  }

  /** The next date and the warning of a plan "a cada N horas" (from its assets' meters). */
  async function hoursNext(p: PlanJoined['p'], today: string) {
    const covered = await repo.coveredAssets(p);
    const { dues, opened, aviso } = await hoursProjection(
      repo,
      p,
      covered,
      today,
      addDaysTo(today, 4000),
    );
    const dates = [
      ...[...dues.values()].flat().map((d) => d.vencimento),
      ...opened.filter((o) => o.o.vencimento >= today).map((o) => o.o.vencimento),
    ].sort();
    return { next: dates[0], aviso };
  }

  async function toPlans(rows: PlanJoined[]): Promise<Plan[]> {
    const counts = await repo.coveredCounts(rows.map((r) => r.p.id));
    const calendars = await calendarsOfContracts(
      db,
      rows.map((r) => r.p.contractId),
    );
    const today = todayIn(tz);
    const hours = new Map<number, { next: string | undefined; aviso: string | null }>();
    for (const r of rows) {
      if (r.p.periodicidade === 'horas') hours.set(r.p.id, await hoursNext(r.p, today));
    }
    return rows.map((r) => {
      const stopped = planStopped(r);
      const next =
        hours.get(r.p.id)?.next ??
        planDueDates(
          {
            periodicidade: r.p.periodicidade,
            intervalo_dias: r.p.intervaloDias,
            inicio: r.p.inicio,
          },
          today,
          addDaysTo(today, 4000),
        )[0];
      return {
        id: r.p.id,
        contrato: { id: r.p.contractId, codigo: r.contratoCodigo, nome: r.contratoNome },
        tipo_ativo:
          r.p.assetTypeId !== null ? { id: r.p.assetTypeId, nome: r.tipoNome ?? '' } : null,
        ativo_alvo:
          r.p.assetId !== null
            ? { id: r.p.assetId, tag: r.alvoTag ?? '', status: r.alvoStatus ?? 'ativo' }
            : null,
        servico: { id: r.p.serviceTypeId, nome: r.servicoNome },
        periodicidade: r.p.periodicidade,
        intervalo_dias: r.p.intervaloDias,
        intervalo_horas: r.p.intervaloHoras,
        inicio: r.p.inicio,
        duracao_min: r.p.duracaoMin,
        ativo: r.p.ativo,
        parado: stopped,
        aviso: stopped ? null : (hours.get(r.p.id)?.aviso ?? null),
        ativos_cobertos: counts.get(r.p.id) ?? 0,
        proxima:
          r.p.ativo && !stopped && next
            ? nextWorkingDay(calendars.get(r.p.contractId)!, next)
            : null,
      };
    });
  }

  return {
    async list(
      u: AssetActor,
      q: { contract_id?: number | undefined; asset_id?: number | undefined },
    ) {
      if (q.asset_id !== undefined) {
        const a = await visibleAsset(u, q.asset_id);
        return { items: await toPlans(await repo.plansOfAsset(a.a)), pode_editar: manages(u) };
      }
      const rows = await repo.plans({
        contractIds: await scopes.contractIds(u),
        contractId: q.contract_id,
      });
      return { items: await toPlans(rows), pode_editar: manages(u) };
    },

    async create(u: AssetActor, b: z.output<typeof planBody>) {
      assertManager(u);
      await contractVisible(u, b.contract_id);
      if (b.asset_id !== null) {
        const a = await assetsRepo.byId(b.asset_id);
        if (!a || a.a.contractId !== b.contract_id) {
          throw new AppError('VALIDATION', 'Ativo não encontrado neste contrato.', 'asset_id');
        }
        if (a.a.status === 'substituido') {
          throw new AppError(
            'VALIDATION',
            `O ativo ${a.a.tag} foi substituído: crie o plano para o ativo novo.`,
            'asset_id',
          );
        }
      } else {
        const t = await assetsRepo.typeById(b.asset_type_id!);
        if (!t) throw new AppError('VALIDATION', 'Tipo de ativo não encontrado.', 'asset_type_id');
      }
      await checkServiceType(b.service_type_id);
      // In a transaction: the activity row commits with the plan (plugins/audit.ts).
      const row = await db.transaction((tx) =>
        createAssetPlansRepo(tx).insertPlan({
          contractId: b.contract_id,
          assetTypeId: b.asset_type_id,
          assetId: b.asset_id,
          serviceTypeId: b.service_type_id,
          periodicidade: b.periodicidade,
          intervaloDias: b.periodicidade === 'dias' ? b.intervalo_dias : null,
          intervaloHoras: b.periodicidade === 'horas' ? b.intervalo_horas : null,
          inicio: b.inicio,
          duracaoMin: b.duracao_min,
          ativo: b.ativo,
          createdBy: u.id,
        }),
      );
      return (await toPlans([(await repo.plan(row.id))!]))[0]!;
    },

    async update(u: AssetActor, id: number, b: z.output<typeof planPatchBody>) {
      const cur = await visiblePlan(u, id);
      assertManager(u);
      if (Object.values(b).every((v) => v === undefined)) {
        throw new AppError('VALIDATION', 'Nada para alterar.');
      }
      const periodicidade = b.periodicidade ?? cur.p.periodicidade;
      const intervalo = b.intervalo_dias === undefined ? cur.p.intervaloDias : b.intervalo_dias;
      if (periodicidade === 'dias' && (intervalo === null || intervalo < 1)) {
        throw new AppError(
          'VALIDATION',
          'Informe a cada quantos dias (pelo menos 1).',
          'intervalo_dias',
        );
      }
      const horas = b.intervalo_horas === undefined ? cur.p.intervaloHoras : b.intervalo_horas;
      if (periodicidade === 'horas' && (horas === null || horas < 1)) {
        throw new AppError(
          'VALIDATION',
          'Informe a cada quantas horas de uso (pelo menos 1).',
          'intervalo_horas',
        );
      }
      if (b.ativo === true) {
        const stopped = planStopped(cur);
        if (stopped) throw new AppError('CONFLICT', stopped, 'ativo');
      }
      if (b.service_type_id !== undefined) await checkServiceType(b.service_type_id);
      await db.transaction((tx) =>
        createAssetPlansRepo(tx).updatePlan(id, {
          serviceTypeId: b.service_type_id,
          periodicidade,
          intervaloDias: periodicidade === 'dias' ? intervalo : null,
          intervaloHoras: periodicidade === 'horas' ? horas : null,
          inicio: b.inicio,
          duracaoMin: b.duracao_min,
          ativo: b.ativo,
        }),
      );
      return (await toPlans([(await repo.plan(id))!]))[0]!;
    },

    async settings(u: AssetActor, contractId: number) {
      await contractVisible(u, contractId, 'path');
      const s = await repo.settings(contractId);
      const equipe = await repo.userNames(s?.equipe ?? []);
      return {
        contract_id: contractId,
        horizonte_dias: s?.horizonteDias ?? 30,
        equipe: equipe.map((p) => ({ id: p.id, nome: p.nome })),
        hora_inicio: s?.horaInicio ?? 8,
        edificio_nome: s?.edificioNome ?? null,
        edificio_endereco: s?.edificioEndereco ?? null,
        edificio_uso: s?.edificioUso ?? null,
        rt_nome: s?.rtNome ?? null,
        rt_registro: s?.rtRegistro ?? null,
        rt_art: s?.rtArt ?? null,
        pode_editar: manages(u),
      };
    },

    async saveSettings(
      u: AssetActor,
      contractId: number,
      b: z.output<typeof preventiveSettingsBody>,
    ) {
      await contractVisible(u, contractId, 'path');
      assertManager(u);
      const equipe = [...new Set(b.equipe)];
      const people = await repo.userNames(equipe);
      if (people.length !== equipe.length || people.some((p) => !p.active)) {
        throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa na equipe.', 'equipe');
      }
      await db.transaction((tx) =>
        createAssetPlansRepo(tx).saveSettings({
          contractId,
          horizonteDias: b.horizonte_dias,
          equipe,
          horaInicio: b.hora_inicio,
          edificioNome: b.edificio_nome,
          edificioEndereco: b.edificio_endereco,
          edificioUso: b.edificio_uso,
          rtNome: b.rt_nome,
          rtRegistro: b.rt_registro,
          rtArt: b.rt_art,
          updatedBy: u.id,
          updatedAt: new Date(),
        }),
      );
      return this.settings(u, contractId);
    },

    /**
     * "Gerar OSs agora": runs the periodic job's generation for one contract at once, in one
     * transaction under the contract's lock. Pressed twice (or racing the job), the second run
     * finds every due date there and opens nothing; the answer says what was opened and what
     * the horizon already had.
     */
    async generateNow(u: AssetActor, contractId: number, now = new Date()) {
      await contractVisible(u, contractId, 'path');
      assertManager(u);
      const contract = await repo.contract(contractId);
      if (!contract) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      if (contract.status !== 'ativo') {
        throw new AppError(
          'CONFLICT',
          `O contrato ${contract.codigo} está ${contract.status}: ele não abre OSs preventivas.`,
        );
      }
      const r = await db.transaction((tx) =>
        generateContract({ ...deps, agenda }, tx, contractId, now, { existing: true }),
      );
      await r.publish();
      if (r.entries.length > 0) await agenda.changed({ entryIds: r.entries });
      return {
        oss_abertas: r.oss,
        vencimentos_abertos: r.vencimentos,
        oss_existentes: r.existentes.oss,
        vencimentos_existentes: r.existentes.vencimentos,
        horizonte_dias: r.horizonte,
        ate: r.ate,
        abertas: r.abertas,
      };
    },

    /** Overdue due dates (late or skipped) of the caller's contracts, or one contract. */
    async overdue(u: AssetActor, contractId: number | undefined) {
      if (contractId !== undefined) await contractVisible(u, contractId);
      const ids = await scopes.contractIds(u);
      const now = new Date();
      const today = todayIn(tz, now);
      const rows = await repo.occurrences({ contractId });
      const visible = rows.filter((r) => ids === 'all' || ids.includes(r.contractId));
      const items = visible
        .map((r) => toOccurrence(r, now, today))
        .filter((o) => isOverdue(o.estado));
      return { items: items.slice(0, 500), total: items.length };
    },

    /** An asset's plans, its next dates, its overdue ones and the OSs that served it. */
    async ofAsset(u: AssetActor, assetId: number) {
      const a = await visibleAsset(u, assetId);
      const now = new Date();
      const today = todayIn(tz, now);
      const [planRows, occ, history] = [
        await repo.plansOfAsset(a.a),
        await repo.occurrences({ assetIds: [assetId] }),
        await repo.assetHistory(assetId),
      ];
      const all = occ.map((o) => toOccurrence(o, now, today));
      return {
        planos: await toPlans(planRows),
        proximas: all.filter((o) => o.estado === 'prevista' || o.estado === 'aberta'),
        atrasadas: all.filter((o) => isOverdue(o.estado)),
        historico: history.map((h) => ({
          os: { id: h.os.id, codigo: h.os.codigo, status: h.os.status },
          servico: h.servico,
          previsto_inicio: h.os.previstoInicio.toISOString(),
          concluida_em: h.os.concluidaEm?.toISOString() ?? null,
          selada: h.os.selo !== null,
          respostas: h.respostas,
        })),
      };
    },

    /** 12 months × the asset's activities: feito, atrasado, previsto or não previsto. */
    async year(u: AssetActor, assetId: number, ano: number): Promise<AssetYear> {
      const a = await visibleAsset(u, assetId);
      const calendar = (await calendarsOfContracts(db, [a.a.contractId])).get(a.a.contractId)!;
      return yearGrid(repo, a.a, ano, { now: new Date(), tz, calendar });
    },
  };
}

/** The yearly grid of one asset (also printed in the PMOC). */
export async function yearGrid(
  repo: ReturnType<typeof createAssetPlansRepo>,
  a: { id: number; tag: string; contractId: number; typeId: number },
  ano: number,
  { now, tz, calendar }: { now: Date; tz: string; calendar: WorkingCalendar },
): Promise<AssetYear> {
  const today = todayIn(tz, now);
  const plans = await repo.plansOfAsset(a);
  const occ = await repo.occurrences({ assetIds: [a.id] });
  // A plan switched off shows only when it planned something that year.
  const live = plans.filter(
    (p) =>
      p.p.ativo || occ.some((o) => o.o.planId === p.p.id && o.o.vencimento.startsWith(String(ano))),
  );
  const atividades = [];
  for (const p of live) {
    const dues =
      p.p.periodicidade === 'horas'
        ? await hoursYearDates(repo, p.p, a, ano, today)
        : planDueDates(
            {
              periodicidade: p.p.periodicidade,
              intervalo_dias: p.p.intervaloDias,
              inicio: p.p.inicio,
            },
            `${ano}-01-01`,
            `${ano}-12-31`,
          );
    const meses: YearCellState[] = Array.from({ length: 12 }, () => 'nao_previsto');
    // Dates before the plan existed were never planned: they stay "não previsto".
    const created = todayIn(tz, p.p.createdAt);
    for (const due of dues) {
      const m = Number(due.slice(5, 7)) - 1;
      const o = occ.find((x) => x.o.planId === p.p.id && x.o.vencimento === due);
      if (!o && nextWorkingDay(calendar, due) < created) continue;
      const s: YearCellState = o
        ? {
            feita: 'feito' as const,
            nao_feita: 'atrasado' as const,
            atrasada: 'atrasado' as const,
            aberta: 'previsto' as const,
            prevista: 'previsto' as const,
          }[occurrenceState(o, now, today)]
        : nextWorkingDay(calendar, due) < today
          ? 'atrasado'
          : 'previsto';
      const rank = { atrasado: 3, previsto: 2, feito: 1, nao_previsto: 0 };
      if (rank[s] > rank[meses[m]!]) meses[m] = s;
    }
    atividades.push({
      plano_id: p.p.id,
      servico: p.servicoNome,
      periodicidade: periodicityText(p.p.periodicidade, p.p.intervaloDias, p.p.intervaloHoras),
      meses,
    });
  }
  return { ano, atividades };
}

/** A plan "a cada N horas" in a year: the dates it opened, then those projected from today. */
async function hoursYearDates(
  repo: PlansRepo,
  p: { id: number; intervaloHoras: number | null },
  a: { id: number; tag: string },
  ano: number,
  today: string,
) {
  const start = `${ano}-01-01`;
  const end = `${ano}-12-31`;
  const from = today > start ? today : start;
  const { dues, opened } = await hoursProjection(repo, p, [a], from, end);
  const projected = from <= end ? (dues.get(a.id) ?? []).map((d) => d.vencimento) : [];
  const done = opened.map((o) => o.o.vencimento).filter((d) => d >= start && d <= end);
  return [...new Set([...done, ...projected])].sort();
}

export type AssetPlansService = ReturnType<typeof createAssetPlansService>;
