import { COST_KINDS, weekStartOf, type CostKind, type Role } from '@eproto/domain';

/** One rate as stored: of a function or of a person, from a day on. */
export interface RateIn {
  funcao: Role | null;
  userId: number | null;
  valorHora: number;
  vigenteDesde: string;
}

/** Minutes one person worked on the contract on one day (OS steps or a manual entry). */
export interface HoursIn {
  userId: number;
  dia: string;
  minutos: number;
}

/** A cost already in reais on a day; `partes` > 1 when it is split among several contracts. */
export interface AmountIn {
  dia: string;
  valor: number;
  partes?: number;
}

/** Materials and EPI: quantity × unit cost (null: no cost known, counted at zero). */
export interface UnitsIn {
  dia: string;
  quantidade: number;
  custoUnitario: number | null;
  partes?: number;
}

export interface CostInputs {
  /** Months YYYY-MM, in order: the report's rows. */
  months: string[];
  rates: RateIn[];
  /** Each person's function (canonical role). */
  roles: Map<number, Role>;
  hours: HoursIn[];
  /** `${userId}:${monday}` of every approved week. */
  approvedWeeks: Set<string>;
  materials: UnitsIn[];
  fuel: AmountIn[];
  maintenance: AmountIn[];
  epi: UnitsIn[];
}

type Cents = Record<CostKind, number>;

export interface CostMonthOut extends Record<CostKind, number> {
  mes: string;
  total: number;
  acumulado: number;
  minutos_aprovados: number;
}

export interface CostPersonOut {
  userId: number;
  funcao: Role;
  minutos: number;
  minutos_sem_taxa: number;
  custo: number;
}

export interface CostSums {
  months: CostMonthOut[];
  totals: Record<CostKind, number> & { total: number };
  people: CostPersonOut[];
  minutosAprovados: number;
  minutosPendentes: number;
  minutosSemTaxa: number;
  itensSemCusto: number;
}

/**
 * The hourly rate in force for a person on a day: the person's own latest rate from that day or
 * before, else their function's; null when neither has one yet.
 */
export function rateOn(rates: RateIn[], userId: number, role: Role, day: string): number | null {
  let own: RateIn | null = null;
  let ofRole: RateIn | null = null;
  for (const r of rates) {
    if (r.vigenteDesde > day) continue;
    if (r.userId === userId && (!own || r.vigenteDesde > own.vigenteDesde)) own = r;
    if (
      r.userId === null &&
      r.funcao === role &&
      (!ofRole || r.vigenteDesde > ofRole.vigenteDesde)
    ) {
      ofRole = r;
    }
  }
  return (own ?? ofRole)?.valorHora ?? null;
}

/** Reais to whole cents (money is summed in cents, so 0,1 + 0,2 is 0,30). */
const cents = (reais: number) => Math.round(reais * 100);
const reais = (c: number) => c / 100;
const zero = (): Cents => ({ mao_de_obra: 0, materiais: 0, combustivel: 0, manutencao: 0, epi: 0 });

/**
 * Actual cost of a contract per month (issue 36 point 5): approved hours × the rate in force that
 * day (each person-day rounded to the cent) + materials (quantity × unit cost) + fuel +
 * maintenance + EPI, a share split among several contracts divided by `partes`. Days outside
 * `months` are ignored.
 */
export function sumContractCost(input: CostInputs): CostSums {
  const perMonth = new Map(input.months.map((m) => [m, { c: zero(), minutos: 0 }]));
  const monthOf = (day: string) => perMonth.get(day.slice(0, 7));
  const people = new Map<number, CostPersonOut>();
  let pendentes = 0;
  let semTaxa = 0;
  let semCusto = 0;

  for (const h of input.hours) {
    const m = monthOf(h.dia);
    if (!m) continue;
    if (!input.approvedWeeks.has(`${h.userId}:${weekStartOf(h.dia)}`)) {
      pendentes += h.minutos;
      continue;
    }
    const role = input.roles.get(h.userId) ?? 'equipe';
    const rate = rateOn(input.rates, h.userId, role, h.dia);
    const cost = rate === null ? 0 : Math.round((h.minutos * cents(rate)) / 60);
    m.c.mao_de_obra += cost;
    m.minutos += h.minutos;
    const p = people.get(h.userId) ?? {
      userId: h.userId,
      funcao: role,
      minutos: 0,
      minutos_sem_taxa: 0,
      custo: 0,
    };
    p.minutos += h.minutos;
    p.custo += cost;
    if (rate === null) {
      p.minutos_sem_taxa += h.minutos;
      semTaxa += h.minutos;
    }
    people.set(h.userId, p);
  }

  const addUnits = (rows: UnitsIn[], kind: CostKind) => {
    for (const r of rows) {
      const m = monthOf(r.dia);
      if (!m) continue;
      if (r.custoUnitario === null) semCusto += 1;
      m.c[kind] += Math.round((r.quantidade * cents(r.custoUnitario ?? 0)) / (r.partes ?? 1));
    }
  };
  const addAmounts = (rows: AmountIn[], kind: CostKind) => {
    for (const r of rows) {
      const m = monthOf(r.dia);
      if (m) m.c[kind] += Math.round(cents(r.valor) / (r.partes ?? 1));
    }
  };
  addUnits(input.materials, 'materiais');
  addAmounts(input.fuel, 'combustivel');
  addAmounts(input.maintenance, 'manutencao');
  addUnits(input.epi, 'epi');

  const totals = zero();
  let running = 0;
  let minutos = 0;
  const months = input.months.map((mes) => {
    const { c, minutos: min } = perMonth.get(mes)!;
    const total = COST_KINDS.reduce((s, k) => s + c[k], 0);
    running += total;
    minutos += min;
    for (const k of COST_KINDS) totals[k] += c[k];
    return {
      mes,
      mao_de_obra: reais(c.mao_de_obra),
      materiais: reais(c.materiais),
      combustivel: reais(c.combustivel),
      manutencao: reais(c.manutencao),
      epi: reais(c.epi),
      total: reais(total),
      acumulado: reais(running),
      minutos_aprovados: min,
    };
  });
  return {
    months,
    totals: {
      mao_de_obra: reais(totals.mao_de_obra),
      materiais: reais(totals.materiais),
      combustivel: reais(totals.combustivel),
      manutencao: reais(totals.manutencao),
      epi: reais(totals.epi),
      total: reais(running),
    },
    people: [...people.values()]
      .map((p) => ({ ...p, custo: reais(p.custo) }))
      .sort((a, b) => b.custo - a.custo || a.userId - b.userId),
    minutosAprovados: minutos,
    minutosPendentes: pendentes,
    minutosSemTaxa: semTaxa,
    itensSemCusto: semCusto,
  };
}

/** Months YYYY-MM from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The budget spread evenly over the contract's months (inicio..fim), summed up to each month of
 * `months`; null per month when the contract has no budget or no term.
 */
export function plannedBurn(
  months: string[],
  valor: number | null,
  inicio: string | null,
  fim: string | null,
): (number | null)[] {
  if (valor === null || !inicio || !fim) return months.map(() => null);
  const term = monthsBetween(inicio.slice(0, 7), fim.slice(0, 7));
  const perMonth = cents(valor) / term.length;
  return months.map((mes) => {
    const done = term.filter((t) => t <= mes).length;
    return reais(Math.round(perMonth * done));
  });
}
