import type { MuralSummary, PrazoFilter, Priority, Stage } from '@eproto/domain';
import { PRIORITIES, STAGES } from '@eproto/domain';

/** Filters of the kanban, applied in the browser to the board already loaded. */
export interface KanbanFilters {
  /** A person's id, 'none' (no responsável) or null (anyone). */
  responsavel: number | 'none' | null;
  contractId: number | null;
  prioridades: Priority[];
  prazo: PrazoFilter | null;
  q: string;
}

export const EMPTY_FILTERS: KanbanFilters = {
  responsavel: null,
  contractId: null,
  prioridades: [],
  prazo: null,
  q: '',
};

/** How many filters are set (the search text counts as one). */
export function activeFilterCount(f: KanbanFilters): number {
  return (
    (f.responsavel !== null ? 1 : 0) +
    (f.contractId !== null ? 1 : 0) +
    (f.prioridades.length > 0 ? 1 : 0) +
    (f.prazo !== null ? 1 : 0) +
    (f.q.trim() !== '' ? 1 : 0)
  );
}

/** Monday and Sunday (YYYY-MM-DD) of the week of a date — the server's "semana" too. */
export function weekBounds(day: string): [string, string] {
  const d = new Date(`${day}T12:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7;
  const monday = new Date(d.getTime() - offset * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return [monday.toISOString().slice(0, 10), sunday.toISOString().slice(0, 10)];
}

/** Lower case without accents, for searching. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function matchesText(m: MuralSummary, q: string): boolean {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = fold(
    `#${m.id} ${m.titulo} ${m.responsavel_nome ?? ''} ${m.contract_nome ?? ''} ${m.board_nome}`,
  );
  return words.every((w) => hay.includes(w));
}

function matchesPrazo(m: MuralSummary, prazo: PrazoFilter, today: string): boolean {
  if (m.stage === 'concluido' || !m.fim_previsto) return false;
  if (prazo === 'atrasadas') return m.fim_previsto < today;
  const [from, to] = weekBounds(today);
  return m.fim_previsto >= from && m.fim_previsto <= to;
}

/** True when a demand passes every filter set. */
export function matchesFilters(m: MuralSummary, f: KanbanFilters, today: string): boolean {
  if (f.responsavel === 'none' && m.responsavel_id !== null) return false;
  if (typeof f.responsavel === 'number' && m.responsavel_id !== f.responsavel) return false;
  if (f.contractId !== null && m.contract_id !== f.contractId) return false;
  if (f.prioridades.length > 0 && !f.prioridades.includes(m.prioridade)) return false;
  if (f.prazo && !matchesPrazo(m, f.prazo, today)) return false;
  return matchesText(m, f.q);
}

// PRIORITIES goes from baixa to urgente.
const PRIORITY_RANK: Record<Priority, number> = Object.fromEntries(
  PRIORITIES.map((p, i) => [p, i + 1]),
) as Record<Priority, number>;

/** Column order: most urgent first, then the nearest due date (no date last), then newest. */
export function compareCards(a: MuralSummary, b: MuralSummary): number {
  const byPriority = PRIORITY_RANK[b.prioridade] - PRIORITY_RANK[a.prioridade];
  if (byPriority !== 0) return byPriority;
  if (a.fim_previsto !== b.fim_previsto) {
    if (!a.fim_previsto) return 1;
    if (!b.fim_previsto) return -1;
    return a.fim_previsto < b.fim_previsto ? -1 : 1;
  }
  return b.id - a.id;
}

/** The filtered demands by stage, each column sorted by compareCards. */
export function columnsOf(
  list: readonly MuralSummary[],
  f: KanbanFilters,
  today: string,
): Record<Stage, MuralSummary[]> {
  const out = Object.fromEntries(STAGES.map((s) => [s, [] as MuralSummary[]])) as Record<
    Stage,
    MuralSummary[]
  >;
  for (const m of list) if (matchesFilters(m, f, today)) out[m.stage].push(m);
  for (const s of STAGES) out[s].sort(compareCards);
  return out;
}

export interface PersonOption {
  id: number;
  nome: string;
}

/** The responsáveis appearing on a board, by name (options of the responsável filter). */
export function responsaveisOf(list: readonly MuralSummary[]): PersonOption[] {
  const byId = new Map<number, string>();
  for (const m of list) {
    if (m.responsavel_id !== null) byId.set(m.responsavel_id, m.responsavel_nome ?? '—');
  }
  return [...byId]
    .map(([id, nome]) => ({ id, nome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}
