import type {
  MuralSortField,
  MuralSummaryQuery,
  PrazoFilter,
  Priority,
  Stage,
} from '@eproto/domain';
import { MURAL_SORT_FIELDS, PRAZO_FILTERS, PRIORITIES, STAGES } from '@eproto/domain';

export const LIST_PAGE_SIZE = 25;
export const DEFAULT_SORT = '-updated_at';

/** The /eproto/murals filters, as kept in the page's URL (so links and "back" keep them). */
export interface ListState {
  q: string;
  boardId: number | null;
  contractId: number | null;
  stages: Stage[];
  prioridades: Priority[];
  responsavelId: number | null;
  prazo: PrazoFilter | null;
  sort: string;
  page: number;
}

function id(v: string | null): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function listOf<T extends string>(v: string | null, allowed: readonly T[]): T[] {
  return (v ?? '').split(',').filter((x): x is T => (allowed as readonly string[]).includes(x));
}

function validSort(v: string | null): string {
  const field = (v ?? '').replace(/^-/, '');
  return (MURAL_SORT_FIELDS as readonly string[]).includes(field) ? (v as string) : DEFAULT_SORT;
}

/** Reads the list state from URL search params (unknown values are ignored). */
export function readListState(p: URLSearchParams): ListState {
  const prazo = p.get('prazo');
  return {
    q: p.get('q') ?? '',
    boardId: id(p.get('quadro')),
    contractId: id(p.get('contrato')),
    stages: listOf(p.get('etapa'), STAGES),
    prioridades: listOf(p.get('prioridade'), PRIORITIES),
    responsavelId: id(p.get('responsavel')),
    prazo: (PRAZO_FILTERS as readonly string[]).includes(prazo ?? '')
      ? (prazo as PrazoFilter)
      : null,
    sort: validSort(p.get('ordem')),
    page: id(p.get('pagina')) ?? 1,
  };
}

/** Writes the list state to URL search params, leaving defaults out. */
export function writeListState(s: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.boardId) p.set('quadro', String(s.boardId));
  if (s.contractId) p.set('contrato', String(s.contractId));
  if (s.stages.length) p.set('etapa', s.stages.join(','));
  if (s.prioridades.length) p.set('prioridade', s.prioridades.join(','));
  if (s.responsavelId) p.set('responsavel', String(s.responsavelId));
  if (s.prazo) p.set('prazo', s.prazo);
  if (s.sort !== DEFAULT_SORT) p.set('ordem', s.sort);
  if (s.page > 1) p.set('pagina', String(s.page));
  return p;
}

/** The summary call's query for a list state. */
export function toSummaryQuery(s: ListState): MuralSummaryQuery {
  return {
    page: s.page,
    perPage: LIST_PAGE_SIZE,
    sort: s.sort,
    ...(s.q.trim() && { q: s.q.trim() }),
    ...(s.boardId && { board_id: s.boardId }),
    ...(s.contractId && { contract_id: s.contractId }),
    ...(s.stages.length && { stage: s.stages }),
    ...(s.prioridades.length && { prioridade: s.prioridades }),
    ...(s.responsavelId && { responsavel_id: s.responsavelId }),
    ...(s.prazo && { prazo: s.prazo }),
  };
}

/** Next sort when a column header is clicked: ascending, then descending. */
export function toggleSort(current: string, field: MuralSortField): string {
  if (current === field) return `-${field}`;
  return field;
}

/** Whether any filter (not sort or page) is set. */
export function hasFilters(s: ListState): boolean {
  return Boolean(
    s.q.trim() ||
    s.boardId ||
    s.contractId ||
    s.stages.length ||
    s.prioridades.length ||
    s.responsavelId ||
    s.prazo,
  );
}
