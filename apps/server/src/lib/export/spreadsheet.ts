import writeXlsxFile, { type SheetData } from 'write-excel-file/node';

/** One column of an exported list. */
export interface SheetColumn<T> {
  header: string;
  width?: number;
  /** 'date' values are plain YYYY-MM-DD strings; 'number' values are numbers. */
  type?: 'text' | 'number' | 'date';
  /** Excel number format of a 'number' cell in XLSX (e.g. '#,##0.00' for money). */
  format?: string;
  value: (row: T) => string | number | null;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  extension: 'csv' | 'xlsx' | 'xml';
}

// Spreadsheet apps run cells that start with these as formulas (CSV injection).
function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvValue<T>(c: SheetColumn<T>, row: T): string {
  const v = c.value(row);
  if (v === null) return '';
  if (c.type === 'number' && typeof v === 'number') {
    // Money keeps its two decimals ("1234,50"); other numbers as they are ("2,5").
    const text = c.format?.endsWith('.00') ? v.toFixed(2) : String(v);
    return text.replace('.', ',');
  }
  if (c.type === 'date' && typeof v === 'string') {
    const [y, m, d] = v.slice(0, 10).split('-');
    return `${d}/${m}/${y}`;
  }
  return csvCell(String(v));
}

/** CSV as Brazilian spreadsheets open it: UTF-8 with BOM, ";" separated, decimal comma, CRLF. */
export function toCsv<T>(columns: SheetColumn<T>[], rows: T[]): ExportFile {
  const lines = [
    columns.map((c) => csvCell(c.header)).join(';'),
    ...rows.map((r) => columns.map((c) => csvValue(c, r)).join(';')),
  ];
  return {
    body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
  };
}

function xlsxCell<T>(c: SheetColumn<T>, row: T) {
  const v = c.value(row);
  if (v === null || v === '') return null;
  if (c.type === 'date' && typeof v === 'string') {
    return { value: new Date(`${v.slice(0, 10)}T00:00:00Z`), format: 'dd/mm/yyyy' };
  }
  if (c.type === 'number' && typeof v === 'number') {
    return c.format ? { value: v, format: c.format } : { value: v };
  }
  return { value: String(v) };
}

/** XLSX with real number and date cells. */
export async function toXlsx<T>(
  columns: SheetColumn<T>[],
  rows: T[],
  sheet: string,
): Promise<ExportFile> {
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const data = rows.map((r) => columns.map((c) => xlsxCell(c, r)));
  const body = await writeXlsxFile([header, ...data], {
    columns: columns.map((c) => ({ width: c.width ?? 16 })),
    sheet,
  }).toBuffer();
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}

/** One sheet of a workbook, its cells already typed (`bookSheet`). */
export interface BookSheet {
  name: string;
  widths: number[];
  cells: SheetData;
}

/** A sheet of a workbook from columns and rows, cells typed as in toXlsx. */
export function bookSheet<T>(name: string, columns: SheetColumn<T>[], rows: T[]): BookSheet {
  return {
    name,
    widths: columns.map((c) => c.width ?? 16),
    cells: [
      columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
      ...rows.map((r) => columns.map((c) => xlsxCell(c, r))),
    ],
  };
}

/** XLSX of several sheets (a report and its details). */
export async function toXlsxBook(sheets: BookSheet[]): Promise<ExportFile> {
  const body = await writeXlsxFile(
    sheets.map((s) => ({
      data: s.cells,
      sheet: s.name,
      columns: s.widths.map((width) => ({ width })),
    })),
  ).toBuffer();
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}

/** CSV or XLSX of a list, by the requested format. */
export async function exportList<T>(
  format: 'csv' | 'xlsx',
  columns: SheetColumn<T>[],
  rows: T[],
  sheet: string,
): Promise<ExportFile> {
  return format === 'csv' ? toCsv(columns, rows) : toXlsx(columns, rows, sheet);
}
