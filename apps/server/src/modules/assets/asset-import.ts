import type { ASSET_IMPORT_COLUMNS } from '@eproto/domain';
import {
  ASSET_DATA_FIELDS,
  ASSET_IMPORT_MAX_ROWS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetBody,
  checkAssetData,
  EXTINGUISHER_AGENT_LABELS,
  foldText,
  parseBrDate,
  parseBrNumber,
  type AssetCategory,
  type AssetImportError,
  type AssetTypeField,
} from '@eproto/domain';
import { readSheet } from 'read-excel-file/node';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { readFieldColumns, rowFieldValues, type FieldColumns } from './asset-import-fields.ts';

type Cell = string | number | boolean | Date | null;

/** One spreadsheet row read into an asset body, or the reason it is refused. */
export type ImportRow =
  | { linha: number; ok: true; body: z.output<typeof assetBody> }
  | { linha: number; ok: false; motivo: string };

const key = (s: string) => foldText(s).replace(/\*/g, '').trim();

const COLUMN_KEYS = {
  tag: 'Tag*',
  tipo: 'Tipo*',
  descricao: 'Descrição',
  predio: 'Prédio',
  andar: 'Andar',
  sala: 'Sala',
  fabricante: 'Fabricante',
  modelo: 'Modelo',
  numero_serie: 'Nº de série',
  instalado_em: 'Instalação',
  garantia_ate: 'Fim da garantia',
  status: 'Situação',
  capacidade: 'Capacidade',
  unidade_capacidade: 'Unidade da capacidade',
  carga_kg: 'Carga (kg)',
  agente: 'Agente extintor',
  potencia_kva: 'Potência (kVA)',
  volume_litros: 'Volume (litros)',
} as const satisfies Record<string, (typeof ASSET_IMPORT_COLUMNS)[number]>;
type ColumnKey = keyof typeof COLUMN_KEYS;

/** Reads the workbook's first sheet; anything that is not an XLSX is a 400, never a 500. */
export async function readImportSheet(file: Buffer): Promise<Cell[][]> {
  try {
    return (await readSheet(file)) as unknown as Cell[][];
  } catch {
    throw new AppError(
      'VALIDATION',
      'Não foi possível ler a planilha: envie um arquivo .xlsx (use o modelo).',
      'file',
    );
  }
}

function text(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
}

function dateOf(c: Cell, label: string): string | null {
  if (c === null || c === '') return null;
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) throw new Error(`${label}: data inválida.`);
    return c.toISOString().slice(0, 10);
  }
  const r = parseBrDate(String(c));
  if (!r.ok) throw new Error(`${label}: ${r.error}`);
  return r.value;
}

function numberOf(c: Cell, label: string): number | null {
  if (c === null || c === '') return null;
  if (typeof c === 'number') return c;
  const r = parseBrNumber(String(c), { decimals: 3 });
  if (!r.ok) throw new Error(`${label}: ${r.error}`);
  return r.value;
}

function choiceOf<T extends string>(c: Cell, labels: Record<T, string>, error: string): T | null {
  const v = key(text(c));
  if (v === '') return null;
  for (const [k, label] of Object.entries(labels) as [T, string][]) {
    if (key(k) === v || key(label) === v) return k;
  }
  throw new Error(error);
}

/** Catalogue entries by folded name ("ar-condicionado split"), as the import looks them up. */
export type ImportTypes = Map<
  string,
  { id: number; nome: string; categoria: AssetCategory; ativo: boolean; campos: AssetTypeField[] }
>;

/** The key a type name is looked up by: no accents, lower case, no "*". */
export const typeKey = (nome: string) => key(nome);

/**
 * Reads the rows under the header into asset bodies of `contractId`. Lines are the
 * spreadsheet's own numbers (the header is line 1); blank rows are skipped.
 */
export function parseImportRows(
  sheet: Cell[][],
  contractId: number,
  types: ImportTypes,
): ImportRow[] {
  const titles = (sheet[0] ?? []).map((c) => text(c));
  const header = titles.map((c) => key(c));
  const fieldCols = readFieldColumns(titles);
  const col = {} as Record<ColumnKey, number>;
  for (const [k, title] of Object.entries(COLUMN_KEYS) as [ColumnKey, string][]) {
    col[k] = header.indexOf(key(title));
  }
  if (col.tag < 0 || col.tipo < 0) {
    throw new AppError(
      'VALIDATION',
      'A planilha precisa das colunas "Tag" e "Tipo" na primeira linha (use o modelo).',
      'file',
    );
  }
  const body = sheet.slice(1);
  const filled = body.filter((r) => r.some((c) => text(c) !== ''));
  if (filled.length === 0) {
    throw new AppError(
      'VALIDATION',
      'A planilha não tem nenhum ativo abaixo do cabeçalho.',
      'file',
    );
  }
  if (filled.length > ASSET_IMPORT_MAX_ROWS) {
    throw new AppError(
      'VALIDATION',
      `No máximo ${ASSET_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} ativos por planilha; divida o arquivo.`,
      'file',
    );
  }
  const out: ImportRow[] = [];
  body.forEach((row, i) => {
    const linha = i + 2;
    if (!row.some((c) => text(c) !== '')) return;
    const cell = (k: ColumnKey): Cell => (col[k] >= 0 ? (row[col[k]] ?? null) : null);
    try {
      out.push({ linha, ok: true, body: rowBody(cell, contractId, types, { fieldCols, row }) });
    } catch (err) {
      out.push({ linha, ok: false, motivo: (err as Error).message });
    }
  });
  return out;
}

function rowBody(
  cell: (k: ColumnKey) => Cell,
  contractId: number,
  types: ImportTypes,
  own: { fieldCols: FieldColumns; row: Cell[] },
): z.output<typeof assetBody> {
  const tipoNome = text(cell('tipo'));
  if (tipoNome === '') throw new Error('Informe o tipo.');
  const tipo = types.get(key(tipoNome));
  if (!tipo) throw new Error(`Tipo "${tipoNome.slice(0, 80)}" não está no catálogo de tipos.`);
  if (!tipo.ativo) throw new Error(`Tipo "${tipo.nome}" está desativado no catálogo.`);
  const statusText = text(cell('status'));
  const status =
    statusText === ''
      ? 'ativo'
      : choiceOf(
          cell('status'),
          Object.fromEntries(ASSET_STATUSES.map((s) => [s, ASSET_STATUS_LABELS[s]])),
          'Situação inválida: use Ativo, Inativo ou Substituído.',
        );
  const dados = {
    capacidade: numberOf(cell('capacidade'), ASSET_DATA_FIELDS.capacidade.label),
    unidade_capacidade: choiceOf(
      cell('unidade_capacidade'),
      { 'BTU/h': 'BTU/h', TR: 'TR' },
      'Unidade da capacidade: use BTU/h ou TR.',
    ),
    carga_kg: numberOf(cell('carga_kg'), ASSET_DATA_FIELDS.carga_kg.label),
    agente: choiceOf(cell('agente'), EXTINGUISHER_AGENT_LABELS, 'Agente extintor inválido.'),
    potencia_kva: numberOf(cell('potencia_kva'), ASSET_DATA_FIELDS.potencia_kva.label),
    volume_litros: numberOf(cell('volume_litros'), ASSET_DATA_FIELDS.volume_litros.label),
  };
  const parsed = assetBody.safeParse({
    contract_id: contractId,
    type_id: tipo.id,
    tag: text(cell('tag')),
    descricao: text(cell('descricao')),
    predio: text(cell('predio')),
    andar: text(cell('andar')),
    sala: text(cell('sala')),
    fabricante: text(cell('fabricante')),
    modelo: text(cell('modelo')),
    numero_serie: text(cell('numero_serie')),
    instalado_em: dateOf(cell('instalado_em'), 'Instalação'),
    garantia_ate: dateOf(cell('garantia_ate'), 'Fim da garantia'),
    status,
    dados,
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  const data = checkAssetData(tipo.categoria, parsed.data.dados);
  if (!data.ok) throw new Error(data.error);
  const campos = rowFieldValues(tipo, own.fieldCols, own.row);
  return { ...parsed.data, dados: data.data, campos };
}

/** Same tag twice in the file: every later line is refused, naming the first. */
export function repeatedTags(rows: ImportRow[]): AssetImportError[] {
  const first = new Map<string, number>();
  const errors: AssetImportError[] = [];
  for (const r of rows) {
    if (!r.ok) continue;
    const tag = r.body.tag.toUpperCase();
    const seen = first.get(tag);
    if (seen === undefined) first.set(tag, r.linha);
    else
      errors.push({ linha: r.linha, motivo: `Tag ${r.body.tag} repetida (já na linha ${seen}).` });
  }
  return errors;
}
