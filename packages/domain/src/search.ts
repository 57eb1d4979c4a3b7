import { z } from 'zod';
import { pageSize } from './common.ts';

/** Areas the global search (Ctrl+K) looks into, in the order their groups are shown. */
export const SEARCH_AREAS = [
  'demandas',
  'tarefas',
  'ordens_servico',
  'contratos',
  'pessoas',
  'veiculos',
  'inventario',
  'solicitacoes',
] as const;
export type SearchArea = (typeof SEARCH_AREAS)[number];

/** Group titles of the search results (pt-BR). */
export const SEARCH_AREA_LABELS: Record<SearchArea, string> = {
  demandas: 'Demandas',
  tarefas: 'Tarefas',
  ordens_servico: 'Ordens de serviço',
  contratos: 'Contratos',
  pessoas: 'Pessoas',
  veiculos: 'Veículos',
  inventario: 'Inventário',
  solicitacoes: 'Solicitações',
};

/** Longest search text accepted (characters). */
export const SEARCH_MAX_LENGTH = 100;
/** Shortest search text that is looked up (shorter answers no results). */
export const SEARCH_MIN_LENGTH = 2;

/** GET /api/search?q=&limit= */
export const searchQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, 'Busca longa demais (até 100 caracteres).'),
  limit: pageSize(20, 5),
});

export const searchItemSchema = z.object({
  id: z.number().int(),
  /** Main line: "#123 Manutenção preventiva", "ABC-1D23", "Ana Souza". */
  title: z.string(),
  /** Second line: stage, contract, role, model... */
  subtitle: z.string().nullable(),
  /** App path that opens the item for this user. */
  link: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchGroupSchema = z.object({
  area: z.enum(SEARCH_AREAS),
  label: z.string(),
  items: z.array(searchItemSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponse = z.object({
  q: z.string(),
  /** Only groups with results, in SEARCH_AREAS order. */
  groups: z.array(searchGroupSchema),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/**
 * Words of a search text, lower-case and without accents (what the database compares with
 * eproto_search_norm): "Manutenção  Bloco-A" -> ["manutencao", "bloco-a"]. At most 6 words.
 */
export function searchWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
}

/** "#123" or "123" as a demand/task/request number, else null. */
export function searchNumber(q: string): number | null {
  const m = /^#?(\d{1,9})$/.exec(q.trim());
  return m ? Number(m[1]) : null;
}
