import { inflateSync } from 'node:zlib';

const cp1252 = new TextDecoder('windows-1252');

/**
 * The text a pdfkit document draws, one line per text operation: its content streams are
 * inflated and the hex strings of every TJ array decoded (standard fonts use WinAnsi).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
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
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      // 0x96/0x97 are WinAnsi's dashes (some ICU-less builds decode them as C1 controls)
      lines.push(
        cp1252
          .decode(Buffer.from(hex, 'hex'))
          .replace(/\u0096/g, '–')
          .replace(/\u0097/g, '—'),
      );
    }
  }
  return lines.join('\n');
}
