import { inflateRawSync } from 'node:zlib';

/** One cell of a sheet as a spreadsheet reads it: its text and whether it is a number cell. */
export interface XlsxCell {
  text: string;
  number: boolean;
}

/** The files of a ZIP (an XLSX), read through its central directory. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a ZIP file.');
  let at = buf.readUInt32LE(end + 16);
  const count = buf.readUInt16LE(end + 10);
  for (let i = 0; i < count; i += 1) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function cellOf(attrs: string, body: string, shared: string[]): XlsxCell {
  const type = /\bt="([^"]+)"/.exec(attrs)?.[1];
  const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '';
  if (type === 's') return { text: shared[Number(v)] ?? '', number: false };
  if (type === 'inlineStr') {
    return { text: unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? ''), number: false };
  }
  if (type === 'str' || type === 'b') return { text: unescape(v), number: false };
  return { text: v, number: v !== '' };
}

/**
 * The first sheet of an XLSX as a table: one object per data row, keyed by the header row's
 * texts (an empty cell is absent), each cell with its text and whether it is a number cell.
 */
export function xlsxTable(buf: Buffer): Record<string, XlsxCell>[] {
  const files = unzip(buf);
  const shared = [
    ...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(
      /<si>([\s\S]*?)<\/si>/g,
    ),
  ].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
  const rows = [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells = new Map<string, XlsxCell>();
    for (const c of row[1]!.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const col = /\br="([A-Z]+)\d+"/.exec(c[1]!)?.[1] ?? '';
      cells.set(col, cellOf(c[1]!, c[2] ?? '', shared));
    }
    return cells;
  });
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((cells) => {
    const out: Record<string, XlsxCell> = {};
    for (const [col, h] of header) {
      const cell = cells.get(col);
      if (cell) out[h.text] = cell;
    }
    return out;
  });
}
