import { inflateSync } from 'node:zlib';

const cp1252 = new TextDecoder('windows-1252');
// WinAnsi's 0x80–0x9F (dashes, curly quotes, €, …): some ICU-less builds decode them as C1
// controls.
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function winAnsi(bytes: Buffer): string {
  return cp1252
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0)] ?? c);
}

/**
 * The text a pdfkit document draws, one line per text operation: its content streams are
 * inflated and the hex strings of every TJ array decoded (standard fonts use WinAnsi).
 */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf).flat().join('\n');
}

/**
 * The lines each content stream draws, in file order: pdfkit writes one content stream per
 * page (the footer added at the end goes into the same stream), so this is the text per page.
 */
export function pdfPages(pdf: Buffer): string[][] {
  const raw = pdf.toString('latin1');
  const pages: string[][] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // images and other binary streams
    }
    const lines: string[] = [];
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(winAnsi(Buffer.from(hex, 'hex')));
    }
    if (lines.length > 0) pages.push(lines);
  }
  return pages;
}
