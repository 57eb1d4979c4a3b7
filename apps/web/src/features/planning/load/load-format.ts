import type { LoadWeek } from '@eproto/domain';

const hoursFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Hours as people here write them: "45,5 h", "8 h". */
export function formatHours(h: number): string {
  return `${hoursFormat.format(h)} h`;
}

/** Days: "1 dia", "3 dias". */
export function formatDays(n: number): string {
  return n === 1 ? '1 dia' : `${n} dias`;
}

const ddmm = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** A week's short label for the table head and the week picker: "S07 · 15/02". */
export function weekShort(w: LoadWeek): string {
  return `S${String(w.numero).padStart(2, '0')} · ${ddmm(w.inicio)}`;
}

/** A week in words: "Semana 7 (15/02 a 21/02)". */
export function weekLong(w: LoadWeek): string {
  return `Semana ${w.numero} (${ddmm(w.inicio)} a ${ddmm(w.fim)})`;
}

/** A person's name on a chart axis: first and last name ("Carla Duarte"). */
export function shortName(nome: string): string {
  const parts = nome.trim().split(/\s+/);
  return parts.length <= 2 ? parts.join(' ') : `${parts[0]} ${parts[parts.length - 1]}`;
}

/** The Monday `weeks` weeks after (or before, when negative) the Monday `monday`. */
export function shiftWeeks(monday: string, weeks: number): string {
  const t = Date.parse(`${monday}T00:00:00Z`) + weeks * 7 * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
