import {
  ASSET_FIELD_NUMBER_LIMIT,
  ASSET_FIELD_TEXT_MAX,
  checkAssetFields,
  foldText,
  parseBrNumber,
  type AssetFieldValues,
  type AssetTypeField,
} from '@eproto/domain';

type Cell = string | number | boolean | Date | null;

// The type's own fields (Vazão, Tensão…) travel in columns "Campo: <nome> (<unidade>)": one
// column per distinct field title across the catalogue, so two types with a field of the same
// name and unit share it, and a row reads only the columns of its own type.
const PREFIX = 'Campo: ';

const fold = (s: string) => foldText(s).replace(/\s+/g, ' ').trim();

/** The template's column title of a field ("Campo: Vazão (m³/h)"). */
export function fieldColumnTitle(f: Pick<AssetTypeField, 'nome' | 'unidade'>): string {
  return `${PREFIX}${f.nome}${f.unidade ? ` (${f.unidade})` : ''}`;
}

/** The field columns of the template, in catalogue order, each title once. */
export function fieldColumnTitles(types: Array<{ ativo: boolean; campos: AssetTypeField[] }>) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of types.filter((x) => x.ativo)) {
    for (const f of t.campos) {
      const title = fieldColumnTitle(f);
      if (seen.has(fold(title))) continue;
      seen.add(fold(title));
      out.push(title);
    }
  }
  return out;
}

/** The header's "Campo: …" columns, by folded title: where each is and how it is written. */
export type FieldColumns = Map<string, { index: number; title: string }>;

export function readFieldColumns(header: string[]): FieldColumns {
  const cols: FieldColumns = new Map();
  header.forEach((h, index) => {
    if (fold(h).startsWith(fold(PREFIX))) cols.set(fold(h), { index, title: h.trim() });
  });
  return cols;
}

/** A field's column: "Campo: Vazão (m³/h)", or "Campo: Vazão" without the unit. */
function columnOf(cols: FieldColumns, f: AssetTypeField): number | undefined {
  return (cols.get(fold(fieldColumnTitle(f))) ?? cols.get(fold(`${PREFIX}${f.nome}`)))?.index;
}

function text(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
}

function valueOf(f: AssetTypeField, c: Cell): number | string | null {
  const raw = text(c);
  if (raw === '') return null;
  if (f.tipo === 'numero') {
    let n: number | null;
    if (typeof c === 'number') n = c;
    else {
      const r = parseBrNumber(raw, { decimals: 3 });
      if (!r.ok) throw new Error(`${f.nome}: ${r.error}`);
      n = r.value;
    }
    if (n !== null && Math.abs(n) > ASSET_FIELD_NUMBER_LIMIT) {
      throw new Error(
        `${f.nome}: no máximo ${ASSET_FIELD_NUMBER_LIMIT.toLocaleString('pt-BR')} (em módulo).`,
      );
    }
    return n;
  }
  if (raw.length > ASSET_FIELD_TEXT_MAX) {
    throw new Error(`${f.nome}: no máximo ${ASSET_FIELD_TEXT_MAX} caracteres.`);
  }
  if (f.tipo === 'opcao') {
    // "380", "Trifásico" typed with other case or accents is the option as the type spells it.
    const option = f.opcoes.find((o) => fold(o) === fold(raw));
    if (!option) throw new Error(`${f.nome}: escolha uma das opções (${f.opcoes.join(', ')}).`);
    return option;
  }
  return raw;
}

/**
 * The own-field values of one row of a type with `fields`, read from its "Campo: …" columns,
 * or an Error with the reason (a number that is not one, an option not in the list, a value in
 * the column of a field its type does not have).
 */
export function rowFieldValues(
  tipo: { nome: string; campos: AssetTypeField[] },
  cols: FieldColumns,
  row: Cell[],
): AssetFieldValues {
  const values: Record<string, number | string | null> = {};
  const own = new Set<number>();
  for (const f of tipo.campos) {
    const i = columnOf(cols, f);
    if (i === undefined) continue;
    own.add(i);
    values[f.chave] = valueOf(f, row[i] ?? null);
  }
  for (const { index, title } of cols.values()) {
    if (own.has(index) || text(row[index] ?? null) === '') continue;
    throw new Error(
      `A coluna "${title}" não é um campo do tipo ${tipo.nome}: deixe-a vazia nesta linha.`,
    );
  }
  const r = checkAssetFields(tipo.campos, values, tipo.nome);
  if (!r.ok) throw new Error(r.error);
  return r.values;
}
