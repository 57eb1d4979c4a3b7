/**
 * Import and export of a demand's plan (issue 36 point 6): its tasks with dates, estimated
 * hours, responsável and finish-to-start dependencies with lag, as an XLSX sheet (the template's
 * columns) or as MS Project XML (MSPDI). The server reads a file into rows, this contract
 * carries the preview and the import's answer.
 */
import { z } from 'zod';
import { MAX_LAG_DAYS } from './scheduling.ts';
import { STAGES } from './stages.ts';

/** The sheet's columns, in the template's order ("*" = required). */
export const PLAN_COLUMNS = [
  'ID',
  'Título*',
  'Início',
  'Fim',
  'Horas estimadas',
  'Responsável (e-mail)',
  'Predecessoras',
  'Etapa',
] as const;

/** Most tasks one file may bring. */
export const PLAN_IMPORT_MAX_TASKS = 2_000;

/** Largest plan file read (XLSX or XML), in bytes. */
export const PLAN_FILE_MAX_BYTES = 5 * 1_048_576;

export const PLAN_FORMATS = ['xlsx', 'mspdi'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** GET /api/eproto/murals/{id}/plano?formato=xlsx|mspdi */
export const planExportQuery = z.object({
  formato: z.enum(PLAN_FORMATS, { error: 'Formato inválido: use xlsx ou mspdi.' }).default('xlsx'),
});

/** A predecessor as the file names it: the other task's ID in the file and the lag in days. */
export interface PlanPredecessor {
  ref: number;
  lag_days: number;
}

const PREDECESSOR =
  /^(\d{1,9})\s*(?:(FS|TI|SS|II|FF|TT|SF|IT)\b)?\s*(?:([+-])\s*(.*?))?\s*(?:d|dias?|dias úteis|du)?$/i;

/**
 * Reads the "Predecessoras" cell: IDs separated by ";" or ",", each optionally with FS (or TI,
 * as MS Project in Portuguese writes it) and a lag in days, e.g. "3FS+2", "3+2", "4TI-1; 5".
 * Only finish-to-start links exist here; any other kind or a lag that is not a whole number of
 * days is a Portuguese error.
 */
export function parsePredecessors(
  text: string,
): { ok: true; value: PlanPredecessor[] } | { ok: false; error: string } {
  const out: PlanPredecessor[] = [];
  for (const raw of text.split(/[;,]/)) {
    const part = raw.trim();
    if (part === '') continue;
    const m = PREDECESSOR.exec(part);
    if (!m) {
      return {
        ok: false,
        error: `Predecessora "${part.slice(0, 40)}" não entendida: use o ID da tarefa, como 3, 3FS+2 ou 3+2.`,
      };
    }
    const kind = (m[2] ?? 'FS').toUpperCase();
    if (kind !== 'FS' && kind !== 'TI') {
      return {
        ok: false,
        error: `Predecessora "${part.slice(0, 40)}": só dependências término-início (FS) são aceitas.`,
      };
    }
    let lag = 0;
    if (m[3]) {
      const digits = (m[4] ?? '').trim();
      if (!/^\d{1,4}$/.test(digits)) {
        return {
          ok: false,
          error: `Predecessora "${part.slice(0, 40)}": o intervalo "${digits.slice(0, 20)}" não é um número inteiro de dias.`,
        };
      }
      lag = Number(digits) * (m[3] === '-' ? -1 : 1);
    }
    if (Math.abs(lag) > MAX_LAG_DAYS) {
      return {
        ok: false,
        error: `Predecessora "${part.slice(0, 40)}": o intervalo deve ficar entre -${MAX_LAG_DAYS} e ${MAX_LAG_DAYS} dias.`,
      };
    }
    out.push({ ref: Number(m[1]), lag_days: lag });
  }
  return { ok: true, value: out };
}

/** Writes predecessors as the sheet reads them: "3", "3FS+2", "4FS-1", separated by "; ". */
export function formatPredecessors(list: readonly PlanPredecessor[]): string {
  return list
    .map((p) =>
      p.lag_days === 0 ? String(p.ref) : `${p.ref}FS${p.lag_days > 0 ? '+' : ''}${p.lag_days}`,
    )
    .join('; ');
}

export const planImportError = z.object({ linha: z.number().int(), motivo: z.string() });
export type PlanImportError = z.infer<typeof planImportError>;

/** One task of a previewed file, as it would be imported (dates after the cascade). */
export const planTaskPreviewSchema = z.object({
  /** The file's line (XLSX row; MSPDI task ID). */
  linha: z.number().int(),
  /** The task's ID in the file, which the predecessors name. */
  ref: z.number().int(),
  titulo: z.string(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  horas_estimadas: z.number().nullable(),
  responsavel: z.object({ id: z.number().int(), nome: z.string(), email: z.string() }).nullable(),
  predecessoras: z.array(z.object({ ref: z.number().int(), lag_days: z.number().int() })),
  stage: z.enum(STAGES),
  /** Days the dependencies pushed the task forward (0 = dates as in the file). */
  adiada_dias: z.number().int(),
});
export type PlanTaskPreview = z.infer<typeof planTaskPreviewSchema>;

/** POST /api/eproto/murals/{id}/plano/previa: what the file holds, and what is wrong in it. */
export const planPreviewResponse = z.object({
  formato: z.enum(PLAN_FORMATS),
  /** The demand plans in working days (lags and pushes count working days). */
  dias_uteis: z.boolean(),
  tarefas: z.array(planTaskPreviewSchema),
  dependencias: z.number().int(),
  /** Lines with a problem (at most 200); the import is refused while there is any. */
  erros: z.array(planImportError),
});
export type PlanPreview = z.infer<typeof planPreviewResponse>;

/** POST /api/eproto/murals/{id}/plano/importar: what was written, in one transaction. */
export const planImportResponse = z.object({
  importadas: z.number().int(),
  dependencias: z.number().int(),
});
export type PlanImportResult = z.infer<typeof planImportResponse>;

/** 400 of the import: `erros` lists each bad line when the file was read but is wrong. */
export const planImportRefusal = z.object({
  error: z.string(),
  code: z.string().optional(),
  reqId: z.string().optional(),
  field: z.string().optional(),
  erros: z.array(planImportError).optional(),
});
