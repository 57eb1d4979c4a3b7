import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfFontsUsed, pdfViewerText } from '../../test/pdf-render.ts';
import { createPdfDocument, pdfTextRuns } from './pdf-document.ts';
import { createPdfReport } from './pdf-report.ts';

const GARBAGE = /Ø=|Ø>|Ø<|Ù/;

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.end();
  return done;
}

describe('pdfTextRuns', () => {
  const has = (cp: number) => cp >= 0x1f300;
  it('keeps text the built-in fonts print in one run', () => {
    expect(pdfTextRuns('Ação — “ok” 12,5 °C €', has)).toEqual([
      { text: 'Ação — “ok” 12,5 °C €', emoji: false },
    ]);
  });
  it('puts emoji, with their joiners and skin tones, in runs of their own', () => {
    expect(pdfTextRuns('Vazamento 💧 no 👍🏽 fim', has)).toEqual([
      { text: 'Vazamento ', emoji: false },
      { text: '💧', emoji: true },
      { text: ' no ', emoji: false },
      { text: '👍🏽', emoji: true },
      { text: ' fim', emoji: false },
    ]);
  });
  it('shows characters no font has as "?" and drops stray selectors', () => {
    expect(pdfTextRuns('Ж\uFE0Fx', has)).toEqual([{ text: '?x', emoji: false }]);
  });
});

describe('PDFs with emoji', () => {
  it('prints emoji in the embedded emoji font and the rest unchanged', async () => {
    const doc = createPdfDocument({ size: 'A4', margin: 40 });
    doc.font('Helvetica-Bold').text('Vazamento 💧 na casa de máquinas ✅', 40, 40, { width: 400 });
    doc.font('Helvetica').text('Sem emoji: ação, “aspas” e 12,5 °C.', { width: 400 });
    const pdf = await bytesOf(doc);
    const text = pdfViewerText(pdf).join('\n');
    expect(text).toContain('Vazamento 💧 na casa de máquinas ✅');
    expect(text).toContain('Sem emoji: ação, “aspas” e 12,5 °C.');
    expect(text).not.toMatch(GARBAGE);
    expect(pdfFontsUsed(pdf)).toEqual(
      new Set(['Helvetica-Bold', 'Helvetica', 'NotoEmoji-Regular']),
    );
  });

  it('prints emoji in reports (OS, APR, PT) and keeps continued text in its font', async () => {
    const r = createPdfReport({ title: 'Teste', author: 'E-Proto', footer: 'OS-2026-000001 🚿' });
    r.heading('Relatório 🔧', 'Subtítulo 🌡️');
    r.section('Checklist ✔️');
    r.field('Observação 📝', 'Cliente pediu retorno 🙂 amanhã');
    r.line('Linha 💧');
    const pdf = await r.finish();
    const text = pdfViewerText(pdf).join('\n');
    for (const s of [
      'Relatório 🔧',
      'Observação 📝: Cliente pediu retorno 🙂 amanhã',
      'Linha 💧',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toMatch(GARBAGE);
    expect(pdfFontsUsed(pdf).has('NotoEmoji-Regular')).toBe(true);
  });

  it('is the only way the server makes a PDF', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /(?<!\.test)\.ts$/.test(e.name) &&
          !p.endsWith(path.join('lib', 'pdf-document.ts'))
        ) {
          if (/from 'pdfkit'|new PDFDocument\(/.test(fs.readFileSync(p, 'utf8'))) offenders.push(p);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
