import {
  COST_MONTHS_MAX,
  roleOf,
  todayIn,
  weekStartOf,
  type ContractCost,
  type ContractCostList,
  type ContractCostListQuery,
  type ContractCostQuery,
  type ContractCostSummary,
  type CostRate,
  type CostRateBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { contractScopeSql, type ScopeUser } from '../access/scope.service.ts';
import { osMinutesByDay } from '../service-orders/service-order-hours.repo.ts';
import { monthsBetween, plannedBurn, sumContractCost } from './cost.compute.ts';
import { exportContractCost } from './cost-export.ts';
import { createCostsRepo } from './costs.repo.ts';

/** Most late items listed (the total is said beside them). */
const LATE_LIMIT = 50;

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The month `n` months before `month` (YYYY-MM). */
const monthsBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Cost per contract (issue 36 point 5, docs/planning-cost.md): hourly rates per function or
 * person, and a contract's actual cost per month against its budget, with its on-time rate,
 * late items and OSs per month. Permission `contracts.cost`; a contract out of the caller's
 * scope answers 404.
 */
export function createCostsService(deps: Pick<ServiceDeps, 'database' | 'access' | 'config'>) {
  const { db } = deps.database;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createCostsRepo(db);

  const period = (
    q: ContractCostQuery,
    c: { inicio: string | null; fim: string | null },
    today: string,
  ) => {
    const now = today.slice(0, 7);
    const ate = q.ate ?? (c.fim && c.fim.slice(0, 7) < now ? c.fim.slice(0, 7) : now);
    const fallback = monthsBefore(ate, 11);
    const start = c.inicio?.slice(0, 7);
    const de =
      q.de ??
      (start && start <= ate && start >= monthsBefore(ate, COST_MONTHS_MAX - 1) ? start : fallback);
    if (de > ate) {
      throw new AppError(
        'VALIDATION',
        'O mês final deve ser igual ou posterior ao inicial.',
        'ate',
      );
    }
    const months = monthsBetween(de, ate);
    if (months.length > COST_MONTHS_MAX) {
      throw new AppError(
        'VALIDATION',
        `Consulte no máximo ${COST_MONTHS_MAX} meses por vez.`,
        'ate',
      );
    }
    return { months, from: `${de}-01`, to: lastDayOf(ate) };
  };

  /** The cost sums of contract `id` over `months` ([from, to]) and the people with hours. */
  const costOf = async (
    id: number,
    months: string[],
    from: string,
    to: string,
    rates: Parameters<typeof sumContractCost>[0]['rates'],
  ) => {
    const os = await osMinutesByDay(db, {
      contractId: id,
      from,
      to,
      now: new Date(),
      timeZone: tz,
    });
    const hours = [
      ...os.map((h) => ({ userId: h.user_id, dia: h.dia, minutos: h.minutos })),
      ...(await repo.manualHours(id, from, to)),
    ];
    const ids = [...new Set(hours.map((h) => h.userId))];
    const people = await repo.people(ids);
    const sums = sumContractCost({
      months,
      rates,
      roles: new Map(people.map((p) => [p.id, roleOf(p.role)])),
      hours,
      // Weeks are keyed by Monday; the first one may start before `from`.
      approvedWeeks: await repo.approvedWeeks(ids, weekStartOf(from), to),
      materials: await repo.materials(id, from, to, tz),
      fuel: await repo.fuel(id, from, to, tz),
      maintenance: await repo.maintenance(id, from, to, tz),
      epi: await repo.epi(id, from, to),
    });
    return { sums, people };
  };

  return {
    async rates(): Promise<{ items: CostRate[] }> {
      const rows = await repo.rates();
      return {
        items: rows.map(({ r, pessoaNome, autorNome }) => ({
          id: r.id,
          funcao: r.funcao,
          pessoa: r.userId ? { id: r.userId, nome: pessoaNome ?? '' } : null,
          valor_hora: Number(r.valorHora),
          vigente_desde: r.vigenteDesde,
          criada_por: autorNome,
          criada_em: r.createdAt.toISOString(),
        })),
      };
    },

    async addRate(u: ScopeUser, body: CostRateBody) {
      await db.transaction(async (tx) => {
        const r = createCostsRepo(tx);
        if (body.user_id != null && !(await r.activePerson(body.user_id)))
          throw new AppError('NOT_FOUND', 'Pessoa não encontrada.');
        await conflictOnDuplicate(
          () =>
            r.insertRate({
              funcao: body.funcao ?? null,
              userId: body.user_id ?? null,
              valorHora: body.valor_hora,
              vigenteDesde: body.vigente_desde,
              createdBy: u.id,
            }),
          'Já existe uma taxa desta função ou pessoa que começa nesse dia. Exclua-a antes.',
          'vigente_desde',
        );
      });
      return this.rates();
    },

    async removeRate(id: number) {
      await db.transaction(async (tx) => {
        const r = createCostsRepo(tx);
        if (!(await r.rate(id))) throw new AppError('NOT_FOUND', 'Taxa não encontrada.');
        await r.deleteRate(id);
      });
      return this.rates();
    },

    async contractCost(u: ScopeUser, id: number, q: ContractCostQuery): Promise<ContractCost> {
      await deps.access.scope().assertContractVisible(u, id);
      const c = (await repo.contract(id))!;
      const today = todayIn(tz);
      const { months, from, to } = period(q, c, today);
      const { sums, people } = await costOf(
        id,
        months,
        from,
        to,
        (await repo.rates()).map(({ r }) => r),
      );
      const osMonths = new Map((await repo.osPerMonth(id, from, to, tz)).map((r) => [r.mes, r]));
      const planned = plannedBurn(months, c.valor, c.inicio, c.fim);
      const sla = await repo.onTime(id, from, to, tz);
      const late = await repo.lateItems(id, today, new Date(), tz, LATE_LIMIT);
      const names = new Map(people.map((p) => [p.id, p.nome]));
      return {
        contrato: {
          id: c.id,
          codigo: c.codigo,
          nome: c.nome,
          valor: c.valor,
          inicio: c.inicio,
          fim: c.fim,
        },
        de: months[0]!,
        ate: months[months.length - 1]!,
        meses: sums.months.map((m, i) => ({
          ...m,
          planejado_acumulado: planned[i] ?? null,
          os_abertas: osMonths.get(m.mes)?.abertas ?? 0,
          os_concluidas: osMonths.get(m.mes)?.concluidas ?? 0,
        })),
        totais: {
          ...sums.totals,
          saldo: c.valor === null ? null : Math.round((c.valor - sums.totals.total) * 100) / 100,
          minutos_aprovados: sums.minutosAprovados,
          minutos_pendentes: sums.minutosPendentes,
          minutos_sem_taxa: sums.minutosSemTaxa,
          itens_sem_custo: sums.itensSemCusto,
        },
        pessoas: sums.people.map((p) => ({
          pessoa: { id: p.userId, nome: names.get(p.userId) ?? '' },
          funcao: p.funcao,
          minutos: p.minutos,
          minutos_sem_taxa: p.minutos_sem_taxa,
          custo: p.custo,
        })),
        prazo: {
          concluidas: sla.concluidas,
          no_prazo: sla.no_prazo,
          taxa: sla.concluidas === 0 ? null : sla.no_prazo / sla.concluidas,
        },
        atrasados: late.map((l) => ({
          tipo: l.tipo,
          id: l.id,
          titulo: l.titulo,
          prazo: l.prazo,
          link: l.tipo === 'os' ? `/tatico/agenda/os/${l.id}` : `/eproto/protocols/${l.id}`,
        })),
        atrasados_total: late[0]?.total ?? 0,
      };
    },

    /**
     * The contracts in the caller's scope, one page by name, each with its actual cost over the
     * dashboard's default period (so the figure is the one its dashboard opens with).
     */
    async contractCosts(u: ScopeUser, q: ContractCostListQuery): Promise<ContractCostList> {
      const { page, perPage } = q;
      const rows = await repo.contractsPage(
        contractScopeSql(u),
        q.q,
        q.status,
        perPage,
        (page - 1) * perPage,
      );
      const rates = (await repo.rates()).map(({ r }) => r);
      const today = todayIn(tz);
      const items: ContractCostSummary[] = [];
      for (const { c } of rows) {
        const { months, from, to } = period({}, c, today);
        const { sums } = await costOf(c.id, months, from, to, rates);
        const custo = sums.totals.total;
        items.push({
          contrato: {
            id: c.id,
            codigo: c.codigo,
            nome: c.nome,
            cliente: c.cliente,
            status: c.status,
            valor: c.valor,
            inicio: c.inicio,
            fim: c.fim,
          },
          de: months[0]!,
          ate: months[months.length - 1]!,
          custo,
          saldo: c.valor === null ? null : Math.round((c.valor - custo) * 100) / 100,
          usado: c.valor ? custo / c.valor : null,
        });
      }
      return { items, total: rows[0]?.total ?? 0 };
    },

    async exportXlsx(u: ScopeUser, id: number, q: ContractCostQuery) {
      const report = await this.contractCost(u, id, q);
      return {
        file: await exportContractCost(report),
        name: `custos-${report.contrato.codigo.replace(/[^A-Za-z0-9_-]/g, '_')}`,
      };
    },
  };
}
