import type { OsAnswerValue, OsTemplateItem } from '@eproto/domain';
import { isAnswered as answered, missingRequired } from '@eproto/domain';

/** A checklist item as the screen needs it (the template item of the OS). */
export type ChecklistItemView = Pick<
  OsTemplateItem,
  | 'id'
  | 'tipo'
  | 'titulo'
  | 'obrigatorio'
  | 'ajuda'
  | 'unidade'
  | 'minimo'
  | 'maximo'
  | 'opcoes'
  | 'fotos_minimas'
>;

/**
 * The value an input holds: sim_nao 'sim' | 'nao' | 'na'; numero a number; texts, single
 * choice and date a string (date YYYY-MM-DD); multiple choice the chosen options.
 */
export type ChecklistValue = string | number | string[] | null;

/** What the input of one checklist item gets, whatever its type. */
export interface ChecklistFieldProps {
  item: ChecklistItemView;
  value: ChecklistValue;
  /** Receives only values worth saving (a whole number, a real date). */
  onChange: (value: ChecklistValue) => void;
  /** A blur: the answer should be sent at once. */
  onCommit?: () => void;
  /**
   * A number being typed, before it is committed (blur, Enter): NaN while the text is not a
   * number within the item's range. Never saved; the card only hides "Feito" meanwhile.
   */
  onTyping?: (value: number | null) => void;
  disabled?: boolean;
}

const EMPTY: OsAnswerValue = {
  valor_sim_nao: null,
  valor_numero: null,
  valor_texto: null,
  valor_opcoes: null,
  valor_data: null,
};

/** The stored answer of an item as its input's value. */
export function valueOf(
  item: ChecklistItemView,
  a: OsAnswerValue | null | undefined,
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
export function answerOf(item: ChecklistItemView, v: ChecklistValue): OsAnswerValue {
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

/** True when an input's value answers its item (the domain's rule; photos counted apart). */
export function isAnswered(item: ChecklistItemView, value: ChecklistValue, photos = 0): boolean {
  return answered(item, answerOf(item, value), photos);
}

/** The required items still missing, as the server words them ("Foto (mínimo 2 fotos)"). */
export function missingItems(
  items: readonly ChecklistItemView[],
  values: Readonly<Record<number, ChecklistValue>>,
  photos: Readonly<Record<number, number>> = {},
): string[] {
  return missingRequired(
    items,
    new Map(items.map((i) => [i.id, answerOf(i, values[i.id] ?? null)])),
    new Map(items.map((i) => [i.id, photos[i.id] ?? 0])),
  );
}
