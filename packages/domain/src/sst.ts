import { daysBetweenDates, formatDateBr } from './field-common.ts';

/**
 * SST (segurança e saúde no trabalho) per worker: NR trainings, ASO (NR-7) and CNH, the
 * requirement sets that gate the agenda and the fleet, and who may see health data.
 */

/** The gate's reason for an ASO that is not "apto" (it names no result, but it is medical). */
export const ASO_UNFIT_REASON = 'ASO não apto para a atividade';
/** What anyone who may not read ASO results sees instead of a reason (LGPD art. 11). */
export const NOT_QUALIFIED_REASON = 'não habilitado para a atividade';

/** A gate reason (or several joined) with the ASO fitness shown as "não habilitado". */
export function withoutHealthReason(motivo: string): string {
  return motivo.replaceAll(`: ${ASO_UNFIT_REASON}`, `: ${NOT_QUALIFIED_REASON}`);
}

/** Alert thresholds in days before the expiry (0 = the day it expires). */
export const SST_ALERT_DAYS = [30, 15, 0] as const;
/** A matrix cell turns "vence em N dias" this many days before the expiry. */
export const SST_WARN_DAYS = 30;
/** The toxicological exam of a C/D/E driver is valid 2 years and 6 months. */
export const TOXICOLOGICAL_VALID_MONTHS = 30;

export const ASO_TYPES = [
  'admissional',
  'periodico',
  'retorno_trabalho',
  'mudanca_funcao',
  'demissional',
] as const;
export type AsoType = (typeof ASO_TYPES)[number];
export const ASO_TYPE_LABELS: Record<AsoType, string> = {
  admissional: 'Admissional',
  periodico: 'Periódico',
  retorno_trabalho: 'Retorno ao trabalho',
  mudanca_funcao: 'Mudança de função',
  demissional: 'Demissional',
};

export const ASO_RESULTS = ['apto', 'inapto', 'apto_restricoes'] as const;
export type AsoResult = (typeof ASO_RESULTS)[number];
export const ASO_RESULT_LABELS: Record<AsoResult, string> = {
  apto: 'Apto',
  inapto: 'Inapto',
  apto_restricoes: 'Apto com restrições',
};
export const ASO_PERIODICITIES = [12, 24] as const;

/** Categories of a Brazilian CNH (CTB art. 143), single and combined with A. */
export const CNH_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE'] as const;
export type CnhCategory = (typeof CNH_CATEGORIES)[number];
/** What a vehicle may require of its driver. */
export const VEHICLE_CNH_CATEGORIES = ['A', 'B', 'C', 'D', 'E'] as const;
export type VehicleCnhCategory = (typeof VEHICLE_CNH_CATEGORIES)[number];

export const REQUIREMENT_KINDS = ['treinamento', 'aso', 'cnh'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** Training catalogue loaded on a new installation (validity in months, editable). */
export const DEFAULT_TRAININGS: ReadonlyArray<{ codigo: string; nome: string; meses: number }> = [
  { codigo: 'NR-10', nome: 'NR-10 Básico', meses: 24 },
  { codigo: 'NR-10 SEP', nome: 'NR-10 SEP', meses: 24 },
  { codigo: 'NR-35', nome: 'NR-35 Trabalho em altura', meses: 24 },
  { codigo: 'NR-33 Trabalhador', nome: 'NR-33 Trabalhador autorizado', meses: 12 },
  { codigo: 'NR-33 Vigia', nome: 'NR-33 Vigia', meses: 12 },
  { codigo: 'NR-12', nome: 'NR-12 Máquinas e equipamentos', meses: 24 },
  { codigo: 'NR-11', nome: 'NR-11 Transporte e movimentação de cargas', meses: 12 },
  { codigo: 'NR-18', nome: 'NR-18 Construção civil', meses: 24 },
  { codigo: 'NR-20', nome: 'NR-20 Inflamáveis e combustíveis', meses: 24 },
  { codigo: 'Primeiros socorros', nome: 'Primeiros socorros', meses: 12 },
  { codigo: 'Direção defensiva', nome: 'Direção defensiva', meses: 24 },
];

// ---------------------------------------------------------------- pure rules

/** A plain date moved by n months; the 31st becomes the month's last day (31/01 + 1 = 28/02). */
export function addMonthsTo(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type SstState = 'valido' | 'vencendo' | 'vencido' | 'ausente';
export const SST_STATE_LABELS: Record<SstState, string> = {
  valido: 'Válido',
  vencendo: 'Vence em breve',
  vencido: 'Vencido',
  ausente: 'Ausente',
};

/** State of something valid until `validade` (inclusive) seen on `today`. */
export function sstState(validade: string | null, today: string): SstState {
  if (!validade) return 'ausente';
  const left = daysBetweenDates(today, validade);
  if (left < 0) return 'vencido';
  if (left <= SST_WARN_DAYS) return 'vencendo';
  return 'valido';
}

/** Car level of a category: 0 for none (A only), 1 B, 2 C, 3 D, 4 E. */
function carLevel(cat: string): number {
  const letter = cat.replace('A', '');
  return letter ? 'BCDE'.indexOf(letter) + 1 : 0;
}

/** True when a driver's CNH category allows a vehicle's required category (E drives D, C, B). */
export function cnhAllows(driver: CnhCategory, required: VehicleCnhCategory): boolean {
  if (required === 'A') return driver.includes('A');
  return carLevel(driver) >= carLevel(required);
}

/** C, D and E drivers must keep a toxicological exam (CTB art. 148-A). */
export function needsToxicological(cat: CnhCategory): boolean {
  return carLevel(cat) >= 2;
}

/** What the gate knows of one person, for one set of requirements. */
export interface WorkerQualifications {
  nome: string;
  /** Latest validity per training id. */
  treinamentos: Map<number, string>;
  /** Latest ASO: its result (never shown by the gate) and its next due date. */
  aso: { resultado: AsoResult; proximo: string | null } | null;
  cnh: { categoria: CnhCategory; validade: string; toxicologico: string | null } | null;
}

/** One requirement as the gate reads it. */
export interface GateRequirement {
  tipo: RequirementKind;
  training_id: number | null;
  /** Label in messages: "NR-35". */
  rotulo: string;
}

/**
 * Why a person may not work on `date` under these requirements (empty when they may): missing,
 * expired, or expiring before the date. ASO results are named only as "não apto para a
 * atividade" so the reason shown to a coordinator does not reveal health data.
 */
export function gateReasons(
  w: WorkerQualifications,
  reqs: readonly GateRequirement[],
  date: string,
  today: string,
): string[] {
  const out: string[] = [];
  const expired = (what: string, until: string, fem: boolean) =>
    until < today
      ? `${w.nome}: ${what} ${fem ? 'vencida' : 'vencido'} em ${formatDateBr(until)}`
      : `${w.nome}: ${what} vence em ${formatDateBr(until)}, antes de ${formatDateBr(date)}`;
  for (const r of reqs) {
    if (r.tipo === 'treinamento') {
      const v = r.training_id === null ? undefined : w.treinamentos.get(r.training_id);
      if (!v) out.push(`${w.nome}: sem ${r.rotulo}`);
      else if (v < date) out.push(expired(r.rotulo, v, true));
    } else if (r.tipo === 'aso') {
      if (!w.aso) out.push(`${w.nome}: sem ASO`);
      else if (w.aso.resultado !== 'apto') out.push(`${w.nome}: ${ASO_UNFIT_REASON}`);
      else if (!w.aso.proximo || w.aso.proximo < date)
        out.push(expired('ASO', w.aso.proximo ?? date, false));
    } else {
      if (!w.cnh) out.push(`${w.nome}: sem CNH`);
      else if (w.cnh.validade < date) out.push(expired('CNH', w.cnh.validade, true));
    }
  }
  return out;
}

/**
 * Why a driver may not take a vehicle on `today` (null when they may): CNH missing or expired,
 * category below the vehicle's, or the toxicological exam of a C/D/E driver due.
 */
export function driverRefusal(
  nome: string,
  cnh: WorkerQualifications['cnh'],
  required: VehicleCnhCategory | null,
  today: string,
): string | null {
  if (!cnh) return `${nome} não tem CNH cadastrada.`;
  if (cnh.validade < today) return `${nome}: CNH vencida em ${formatDateBr(cnh.validade)}.`;
  if (required && !cnhAllows(cnh.categoria, required)) {
    return `${nome}: CNH categoria ${cnh.categoria} não permite conduzir este veículo (exige ${required}).`;
  }
  if (needsToxicological(cnh.categoria)) {
    if (!cnh.toxicologico)
      return `${nome}: exame toxicológico não cadastrado (CNH ${cnh.categoria}).`;
    const due = addMonthsTo(cnh.toxicologico, TOXICOLOGICAL_VALID_MONTHS);
    if (due < today) return `${nome}: exame toxicológico vencido em ${formatDateBr(due)}.`;
  }
  return null;
}
