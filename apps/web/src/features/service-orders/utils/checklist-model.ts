// Provisional copy of the domain's OsTemplateItem/OsAnswerValue until os-core's contract lands.
export type ChecklistItemType =
  | 'sim_nao'
  | 'numero'
  | 'texto_curto'
  | 'texto_longo'
  | 'escolha_unica'
  | 'escolha_multipla'
  | 'foto'
  | 'data';

export interface ChecklistItemView {
  id: number;
  tipo: ChecklistItemType;
  titulo: string;
  obrigatorio: boolean;
  ajuda: string | null;
  unidade: string | null;
  minimo: number | null;
  maximo: number | null;
  opcoes: string[];
  fotos_minimas: number | null;
}

export interface AnswerValue {
  valor_sim_nao: 'sim' | 'nao' | 'na' | null;
  valor_numero: number | null;
  valor_texto: string | null;
  valor_opcoes: string[] | null;
  valor_data: string | null;
}

/**
 * The value an input holds: sim_nao 'sim' | 'nao' | 'na'; numero a number; texts, single
 * choice and date a string (date YYYY-MM-DD); multiple choice the chosen options.
 */
export type ChecklistValue = string | number | string[] | null;

const EMPTY: AnswerValue = {
  valor_sim_nao: null,
  valor_numero: null,
  valor_texto: null,
  valor_opcoes: null,
  valor_data: null,
};

/** The stored answer of an item as its input's value. */
export function valueOf(
  item: ChecklistItemView,
  a: AnswerValue | null | undefined,
): ChecklistValue {
  if (!a) return null;
  switch (item.tipo) {
    case 'sim_nao':
      return a.valor_sim_nao;
    case 'numero':
      return a.valor_numero;
    case 'texto_curto':
    case 'texto_longo':
      return a.valor_texto;
    case 'escolha_unica':
      return a.valor_opcoes?.[0] ?? null;
    case 'escolha_multipla':
      return a.valor_opcoes;
    case 'data':
      return a.valor_data;
    case 'foto':
      return null;
  }
}

const blank = (v: string) => (v.trim() === '' ? null : v);

/** An input's value as the answer body: only the field of the item's type (all null clears). */
export function answerOf(item: ChecklistItemView, v: ChecklistValue): AnswerValue {
  switch (item.tipo) {
    case 'sim_nao':
      return { ...EMPTY, valor_sim_nao: v === 'sim' || v === 'nao' || v === 'na' ? v : null };
    case 'numero':
      return { ...EMPTY, valor_numero: typeof v === 'number' && Number.isFinite(v) ? v : null };
    case 'texto_curto':
    case 'texto_longo':
      return { ...EMPTY, valor_texto: typeof v === 'string' ? blank(v) : null };
    case 'escolha_unica':
      return { ...EMPTY, valor_opcoes: typeof v === 'string' && v !== '' ? [v] : null };
    case 'escolha_multipla':
      return { ...EMPTY, valor_opcoes: Array.isArray(v) && v.length > 0 ? v : null };
    case 'data':
      return { ...EMPTY, valor_data: typeof v === 'string' && v !== '' ? v : null };
    case 'foto':
      return EMPTY;
  }
}

/** True when an input's value answers its item (photos counted apart). */
export function isAnswered(item: ChecklistItemView, value: ChecklistValue, photos = 0): boolean {
  if (item.tipo === 'foto') return photos >= Math.max(1, item.fotos_minimas ?? 1);
  const a = answerOf(item, value);
  return (
    a.valor_sim_nao !== null ||
    a.valor_numero !== null ||
    a.valor_texto !== null ||
    a.valor_opcoes !== null ||
    a.valor_data !== null
  );
}

/** Titles of the required items still without an answer, in checklist order. */
export function missingItems(
  items: readonly ChecklistItemView[],
  values: Readonly<Record<number, ChecklistValue>>,
  photos: Readonly<Record<number, number>> = {},
): string[] {
  return items
    .filter((i) => i.obrigatorio && !isAnswered(i, values[i.id] ?? null, photos[i.id] ?? 0))
    .map((i) => {
      if (i.tipo !== 'foto') return i.titulo;
      const min = Math.max(1, i.fotos_minimas ?? 1);
      return `${i.titulo} (mínimo ${min} ${min === 1 ? 'foto' : 'fotos'})`;
    });
}
