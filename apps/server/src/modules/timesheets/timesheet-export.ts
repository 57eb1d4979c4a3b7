import { TIMESHEET_SOURCE_LABELS, decimalHours, type TimesheetSource } from '@eproto/domain';
import { toXlsx, type SheetColumn } from '../../lib/export/spreadsheet.ts';

/** One row of the export: one person's minutes on one day on one OS, task or contract. */
export interface TimesheetExportRow {
  pessoa: string;
  dia: string;
  semana: string;
  contrato: string | null;
  origem: 'os' | 'manual';
  tipo: TimesheetSource;
  referencia: string;
  minutos: number;
  nota: string | null;
  aprovada: boolean;
  aprovadaPor: string | null;
}

const COLUMNS: SheetColumn<TimesheetExportRow>[] = [
  { header: 'Pessoa', width: 28, value: (r) => r.pessoa },
  { header: 'Data', width: 12, type: 'date', value: (r) => r.dia },
  { header: 'Semana (segunda-feira)', width: 14, type: 'date', value: (r) => r.semana },
  { header: 'Contrato', width: 30, value: (r) => r.contrato },
  {
    header: 'Origem',
    width: 22,
    value: (r) => (r.origem === 'os' ? 'Check-in/out da OS' : 'Lançamento manual'),
  },
  { header: 'Tipo', width: 16, value: (r) => TIMESHEET_SOURCE_LABELS[r.tipo] },
  { header: 'Referência', width: 40, value: (r) => r.referencia },
  {
    header: 'Horas',
    width: 10,
    type: 'number',
    format: '0.00',
    value: (r) => decimalHours(r.minutos),
  },
  { header: 'Situação da semana', width: 14, value: (r) => (r.aprovada ? 'Aprovada' : 'Aberta') },
  { header: 'Aprovada por', width: 24, value: (r) => r.aprovadaPor },
  { header: 'Observação', width: 40, value: (r) => r.nota },
];

/** The hours as XLSX: hours as number cells (decimal hours), pt-BR headers. */
export function exportTimesheet(rows: TimesheetExportRow[]) {
  return toXlsx(COLUMNS, rows, 'Horas');
}
