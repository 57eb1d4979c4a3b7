// Agenda statuses, labels and the pure booking rules, with no zod: Minha agenda and the
// offline outbox use them on a phone without downloading the schemas (agenda.ts re-exports
// them; the same split as service-orders-rules.ts and list-constants.ts).
export const AGENDA_STATUSES = ['agendado', 'em_execucao', 'concluido', 'cancelado'] as const;
export type AgendaStatus = (typeof AGENDA_STATUSES)[number];
export const AGENDA_STATUS_LABELS: Record<AgendaStatus, string> = {
  agendado: 'Agendado',
  em_execucao: 'Em execução',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

/** Longest single entry. */
export const AGENDA_MAX_DAYS = 31;
/** Widest date range one list call may ask for. */
export const AGENDA_MAX_RANGE_DAYS = 62;

// ---------------------------------------------------------------- pure rules

export interface Booking {
  id: number;
  inicio: string;
  fim: string;
  status: AgendaStatus;
  pessoas: number[];
  vehicle_id: number | null;
}

/** One double booking found for an entry (or its vehicle being in maintenance). */
export interface Conflict {
  tipo: 'pessoa' | 'veiculo' | 'manutencao';
  ref_id: number;
  entry_id: number;
  inicio: string;
  fim: string;
}

/** Half-open intervals [a, b) and [c, d) overlap (back-to-back entries do not). */
export function overlaps(a: { inicio: string; fim: string }, b: { inicio: string; fim: string }) {
  return Date.parse(a.inicio) < Date.parse(b.fim) && Date.parse(b.inicio) < Date.parse(a.fim);
}

/**
 * People and vehicle of `entry` already booked, at an overlapping time, in another entry that
 * is not cancelled (a cancelled entry, or the entry itself, never conflicts).
 */
export function findConflicts(
  entry: Omit<Booking, 'status'> & { status?: AgendaStatus },
  others: Booking[],
): Conflict[] {
  if (entry.status === 'cancelado') return [];
  const out: Conflict[] = [];
  for (const o of others) {
    if (o.id === entry.id || o.status === 'cancelado' || !overlaps(entry, o)) continue;
    for (const p of entry.pessoas) {
      if (o.pessoas.includes(p)) {
        out.push({ tipo: 'pessoa', ref_id: p, entry_id: o.id, inicio: o.inicio, fim: o.fim });
      }
    }
    if (entry.vehicle_id !== null && o.vehicle_id === entry.vehicle_id) {
      out.push({
        tipo: 'veiculo',
        ref_id: entry.vehicle_id,
        entry_id: o.id,
        inicio: o.inicio,
        fim: o.fim,
      });
    }
  }
  return out;
}

/** What the agenda needs to know of a vehicle's maintenance. */
export interface VehicleUpkeep {
  vehicle_id: number;
  /** The vehicle's status is manutenção right now. */
  em_manutencao: boolean;
  /** Maintenance not yet finished. */
  abertas: { id: number; status: 'agendada' | 'em_andamento'; prevista_data: string | null }[];
}

/** Local calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(t: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(t));
}

/**
 * The vehicle of `entry` is unavailable: it is in maintenance now (for an entry not over yet;
 * `entry_id` is the maintenance under way, or 0) or a scheduled maintenance is planned for a
 * day the entry covers (`inicio`/`fim` that day). Flagged like a double booking.
 */
export function findMaintenanceConflicts(
  entry: { inicio: string; fim: string; status?: AgendaStatus; vehicle_id: number | null },
  upkeep: VehicleUpkeep | undefined,
  timeZone: string,
  now: Date,
): Conflict[] {
  if (entry.status === 'cancelado' || entry.vehicle_id === null || !upkeep) return [];
  const out: Conflict[] = [];
  const ref_id = entry.vehicle_id;
  if (upkeep.em_manutencao && Date.parse(entry.fim) > now.getTime()) {
    const current = upkeep.abertas.find((m) => m.status === 'em_andamento');
    out.push({
      tipo: 'manutencao',
      ref_id,
      entry_id: current?.id ?? 0,
      inicio: entry.inicio,
      fim: entry.fim,
    });
  }
  const first = localDate(Date.parse(entry.inicio), timeZone);
  const last = localDate(Math.max(Date.parse(entry.fim) - 1, Date.parse(entry.inicio)), timeZone);
  for (const m of upkeep.abertas) {
    const day = m.prevista_data;
    if (m.status !== 'agendada' || !day || day < first || day > last) continue;
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    out.push({
      tipo: 'manutencao',
      ref_id,
      entry_id: m.id,
      inicio: startOfDayInZone(day, timeZone).toISOString(),
      fim: startOfDayInZone(next.toISOString().slice(0, 10), timeZone).toISOString(),
    });
  }
  return out;
}

/** Allowed status moves; equipe only starts and finishes, gestores also cancel and reopen. */
export const AGENDA_TRANSITIONS: Record<AgendaStatus, readonly AgendaStatus[]> = {
  agendado: ['em_execucao', 'cancelado'],
  em_execucao: ['concluido', 'cancelado', 'agendado'],
  concluido: [],
  cancelado: ['agendado'],
};

/** Why a status move is refused for this kind of user, or null. */
export function agendaTransitionRefusal(
  from: AgendaStatus,
  to: AgendaStatus,
  manager: boolean,
): string | null {
  if (!AGENDA_TRANSITIONS[from].includes(to)) {
    return `Um agendamento ${AGENDA_STATUS_LABELS[from].toLowerCase()} não pode passar para ${AGENDA_STATUS_LABELS[to].toLowerCase()}.`;
  }
  const fieldMove =
    (from === 'agendado' && to === 'em_execucao') || (from === 'em_execucao' && to === 'concluido');
  if (!manager && !fieldMove) return 'A equipe só pode iniciar ou concluir o próprio agendamento.';
  return null;
}

/** UTC instant of 00:00 of a plain date in a time zone (e.g. America/Sao_Paulo). */
export function startOfDayInZone(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(t));
    const get = (k: string) => Number(parts.find((p) => p.type === k)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return asUtc - t;
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t);
}
