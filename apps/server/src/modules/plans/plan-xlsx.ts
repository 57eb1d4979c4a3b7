import {
  foldText,
  formatPredecessors,
  parseBrDate,
  parseBrNumber,
  parsePredecessors,
  PLAN_COLUMNS,
  STAGE_LABELS,
  STAGES,
  type Stage,
} from '@eproto/domain';
import writeXlsxFile from 'write-excel-file/node';
import { toXlsx, type ExportFile, type SheetColumn } from '../../lib/export/spreadsheet.ts';
import { readImportSheet } from '../assets/asset-import.ts';
import { assertPlanSize, type RawPlanTask, type ReadPlan } from './plan-rows.ts';
import type { PlanExportTask } from './plan-export.ts';

type Cell = string | number | boolean | Date | null;
type Column = 'id' | 'titulo' | 'inicio' | 'fim' | 'horas' | 'email' | 'predecessoras' | 'etapa';

const key = (s: string) => foldText(s).replace(/[*()]/g, ' ').replace(/\s+/g, ' ').trim();

/** Header titles each column is recognised by (the template's first, then usual variants). */
const HEADERS: Record<Column, string[]> = {
  id: ['ID', 'Linha', 'Nº', 'N'],
  titulo: ['Título*', 'Título', 'Nome', 'Nome da tarefa', 'Tarefa'],
  inicio: ['Início', 'Início previsto', 'Data de início'],
  fim: ['Fim', 'Término', 'Fim previsto', 'Data de término'],
  horas: ['Horas estimadas', 'Horas', 'Trabalho'],
  email: ['Responsável (e-mail)', 'Responsável', 'E-mail do responsável'],
  predecessoras: ['Predecessoras', 'Predecessores'],
  etapa: ['Etapa', 'Situação'],
};
const BY_HEADER = new Map<string, Column>(
  (Object.entries(HEADERS) as [Column, string[]][]).flatMap(([c, titles]) =>
    titles.map((t) => [key(t), c] as const),
  ),
);

function text(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
}

function dateOf(c: Cell, label: string): string | null {
  if (c === null || c === '') return null;
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) throw new Error(`${label}: data inválida. Use dd/mm/aaaa.`);
    return c.toISOString().slice(0, 10);
  }
  if (typeof c === 'number') throw new Error(`${label}: "${c}" não é uma data. Use dd/mm/aaaa.`);
  const r = parseBrDate(String(c));
  if (!r.ok) throw new Error(`${label}: ${r.error}`);
  return r.value;
}

function hoursOf(c: Cell): number | null {
  if (c === null || c === '') return null;
  const r =
    typeof c === 'number'
      ? { ok: true as const, value: c }
      : parseBrNumber(String(c), { decimals: 2, min: 0, max: 10_000 });
  if (!r.ok) throw new Error(`Horas estimadas: ${r.error}`);
  if (r.value !== null && (!Number.isFinite(r.value) || r.value < 0 || r.value > 10_000)) {
    throw new Error('Horas estimadas: use um número entre 0 e 10.000.');
  }
  return r.value === null ? null : Math.round(r.value * 100) / 100;
}

function stageOf(c: Cell): Stage | null {
  const v = key(text(c));
  if (v === '') return null;
  const found = STAGES.find((st) => key(st) === v || key(STAGE_LABELS[st]) === v);
  if (!found) {
    throw new Error(
      `Etapa "${text(c).slice(0, 40)}" não existe: use ${STAGES.map((s) => STAGE_LABELS[s]).join(', ')}.`,
    );
  }
  return found;
}

function refOf(c: Cell, fallback: number): number {
  const v = text(c);
  if (v === '') return fallback;
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
    throw new Error(`ID "${v.slice(0, 20)}" inválido: use um número inteiro a partir de 1.`);
  }
  return Number(v);
}

function rowTask(cell: (c: Column) => Cell, linha: number, order: number): RawPlanTask {
  const titulo = text(cell('titulo')).replace(/\s+/g, ' ');
  const ref = refOf(cell('id'), order);
  if (titulo === '') throw new Error('Informe o título da tarefa.');
  if (titulo.length > 200) throw new Error('Título longo demais (no máximo 200 caracteres).');
  const inicio = dateOf(cell('inicio'), 'Início');
  const fim = dateOf(cell('fim'), 'Fim');
  if (inicio && fim && fim < inicio) throw new Error('O fim vem antes do início.');
  const email = text(cell('email'));
  if (email.length > 254 || (email !== '' && !email.includes('@'))) {
    throw new Error(`Responsável "${email.slice(0, 60)}": informe o e-mail da pessoa.`);
  }
  const preds = parsePredecessors(text(cell('predecessoras')));
  if (!preds.ok) throw new Error(preds.error);
  return {
    linha,
    ref,
    titulo,
    inicio,
    fim,
    horas: hoursOf(cell('horas')),
    pessoa: email === '' ? null : { email, nome: null },
    predecessoras: preds.value,
    stage: stageOf(cell('etapa')),
  };
}

/**
 * Reads the plan sheet (the workbook's first): the header names the columns (the template's,
 * in any order); each later row is a task. Lines are the sheet's own numbers (header = 1).
 */
export async function readPlanXlsx(file: Buffer): Promise<ReadPlan> {
  const sheet = (await readImportSheet(file)) as Cell[][];
  const header = (sheet[0] ?? []).map((c) => key(text(c)));
  const col = new Map<Column, number>();
  const erros: ReadPlan['erros'] = [];
  header.forEach((h, i) => {
    if (h === '') return;
    const c = BY_HEADER.get(h);
    if (!c) {
      erros.push({
        linha: 1,
        motivo: `Coluna "${text(sheet[0]![i] ?? '').slice(0, 40)}" não é do modelo: use ${PLAN_COLUMNS.join(', ')}.`,
      });
    } else if (!col.has(c)) col.set(c, i);
  });
  if (!col.has('titulo')) {
    erros.push({ linha: 1, motivo: 'Falta a coluna "Título" na primeira linha (use o modelo).' });
  }
  const body = sheet.slice(1);
  const filled = body.filter((r) => r.some((c) => text(c) !== ''));
  assertPlanSize(filled.length);
  const out: ReadPlan = { tasks: [], erros, refs: new Set() };
  if (erros.length > 0) return out;
  let order = 0;
  body.forEach((row, i) => {
    const linha = i + 2;
    if (!row.some((c) => text(c) !== '')) return;
    order += 1;
    const cell = (c: Column): Cell => {
      const at = col.get(c);
      return at === undefined ? null : (row[at] ?? null);
    };
    try {
      out.refs.add(refOf(cell('id'), order));
    } catch {
      // The row's own error says what is wrong with its ID.
    }
    try {
      out.tasks.push(rowTask(cell, linha, order));
    } catch (err) {
      out.erros.push({ linha, motivo: (err as Error).message });
    }
  });
  return out;
}

const XLSX_COLUMNS: SheetColumn<PlanExportTask>[] = [
  { header: PLAN_COLUMNS[0], width: 8, type: 'number', value: (t) => t.ref },
  { header: PLAN_COLUMNS[1], width: 40, value: (t) => t.titulo },
  { header: PLAN_COLUMNS[2], width: 13, type: 'date', value: (t) => t.inicio },
  { header: PLAN_COLUMNS[3], width: 13, type: 'date', value: (t) => t.fim },
  { header: PLAN_COLUMNS[4], width: 16, type: 'number', format: '0.##', value: (t) => t.horas },
  { header: PLAN_COLUMNS[5], width: 30, value: (t) => t.email },
  {
    header: PLAN_COLUMNS[6],
    width: 18,
    value: (t) => formatPredecessors(t.predecessoras) || null,
  },
  { header: PLAN_COLUMNS[7], width: 14, value: (t) => STAGE_LABELS[t.stage] },
];

/** The demand's plan in the template's columns: what the import reads back unchanged. */
export function planXlsx(tasks: PlanExportTask[]): Promise<ExportFile> {
  return toXlsx(XLSX_COLUMNS, tasks, 'Plano');
}

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const cell = (value: string) => ({ value });

/** The import template: sheet "Plano" with the columns, sheet "Como preencher" with the rules. */
export async function planTemplate(): Promise<Buffer> {
  const guide = [
    [bold('Coluna'), bold('Como preencher')],
    [
      cell('ID'),
      cell(
        'Número da tarefa (1, 2, 3…); vazio = a ordem da linha. As predecessoras usam este número.',
      ),
    ],
    [cell('Título*'), cell('Obrigatório, até 200 caracteres.')],
    [cell('Início, Fim'), cell('Datas como 10/03/2026 (dd/mm/aaaa).')],
    [cell('Horas estimadas'), cell('Vírgula para decimais, como 12,5.')],
    [cell('Responsável (e-mail)'), cell('E-mail de uma pessoa ativa no E-Proto.')],
    [
      cell('Predecessoras'),
      cell(
        'IDs separados por ";". Término-início com intervalo em dias: 3, 3FS+2 ou 3+2 (2 dias depois), 3FS-1 (1 dia antes).',
      ),
    ],
    [cell('Etapa'), cell(`${STAGES.map((s) => STAGE_LABELS[s]).join(', ')} (vazio = A fazer).`)],
    [],
    [bold('Exemplo')],
    PLAN_COLUMNS.map(bold),
    [
      cell('1'),
      cell('Vistoria'),
      cell('02/03/2026'),
      cell('04/03/2026'),
      cell('12'),
      cell(''),
      cell(''),
      cell('A fazer'),
    ],
    [
      cell('2'),
      cell('Reparo'),
      cell('09/03/2026'),
      cell('11/03/2026'),
      cell('16,5'),
      cell(''),
      cell('1FS+2'),
      cell(''),
    ],
  ];
  return writeXlsxFile([
    {
      data: [PLAN_COLUMNS.map(bold)],
      sheet: 'Plano',
      columns: PLAN_COLUMNS.map((c) => ({ width: Math.max(12, c.length + 6) })),
      stickyRowsCount: 1,
    },
    { data: guide, sheet: 'Como preencher', columns: [{ width: 24 }, { width: 90 }] },
  ]).toBuffer();
}
