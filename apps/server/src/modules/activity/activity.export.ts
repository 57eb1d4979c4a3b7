import writeXlsxFile from 'write-excel-file/node';
import type { ActivityEntry } from '@eproto/domain';
import { toCsv, type ExportFile, type SheetColumn } from '../../lib/export/spreadsheet.ts';

const HEADERS = [
  'Data/hora',
  'Usuário',
  'E-mail',
  'Ação',
  'Objeto',
  'ID do objeto',
  'Endereço IP',
  'Código da ação',
];

/** Wall-clock parts of an instant in a time zone. */
function localParts(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** "dd/mm/aaaa hh:mm:ss" in the company time zone. */
export function formatLocal(iso: string, timeZone: string): string {
  const p = localParts(iso, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.d)}/${two(p.mo)}/${p.y} ${two(p.h)}:${two(p.mi)}:${two(p.s)}`;
}

function row(e: ActivityEntry): string[] {
  return [
    e.userNome ?? '',
    e.email ?? '',
    e.label,
    e.objectType ?? '',
    e.objectId ?? '',
    e.ip ?? '',
    e.action,
  ];
}

/** CSV as Brazilian spreadsheets open it (lib/export: UTF-8 with BOM, ";" separated, CRLF). */
export function activityCsv(entries: ActivityEntry[], timeZone: string): ExportFile {
  const columns: SheetColumn<ActivityEntry>[] = [
    { header: HEADERS[0]!, value: (e) => formatLocal(e.createdAt, timeZone) },
    ...HEADERS.slice(1).map((header, i) => ({ header, value: (e: ActivityEntry) => row(e)[i]! })),
  ];
  return toCsv(columns, entries);
}

/** XLSX with real date cells (wall-clock time of the company's time zone). */
export async function activityXlsx(
  entries: ActivityEntry[],
  timeZone: string,
): Promise<ExportFile> {
  const header = HEADERS.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = entries.map((e) => {
    const p = localParts(e.createdAt, timeZone);
    return [
      {
        value: new Date(Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s)),
        format: 'dd/mm/yyyy hh:mm:ss',
      },
      ...row(e).map((value) => ({ value })),
    ];
  });
  const body = await writeXlsxFile([header, ...data], {
    columns: [
      { width: 20 },
      { width: 28 },
      { width: 30 },
      { width: 32 },
      { width: 16 },
      { width: 12 },
      { width: 16 },
      { width: 40 },
    ],
    sheet: 'Atividade',
  }).toBuffer();
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
