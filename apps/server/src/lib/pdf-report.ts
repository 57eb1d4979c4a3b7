import { createPdfDocument } from './pdf-document.ts';

const MARGIN = 40;
const GREY = '#555';

/** "dd/mm/aaaa hh:mm" of an instant in a time zone, "—" when absent. */
export function pdfDateTime(iso: string | null, timeZone: string): string {
  return iso
    ? new Intl.DateTimeFormat('pt-BR', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso))
    : '—';
}

/**
 * An A4 report in the look of the OS report: sections with a rule, "label: value" fields, page
 * breaks before a block that would not fit, and "<footer> — página N de M" on every page.
 */
export function createPdfReport(opts: { title: string; author: string; footer: string }) {
  const doc = createPdfDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: opts.title, Author: opts.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const ensure = (h: number) => {
    if (doc.y + h > doc.page.height - MARGIN - 30) doc.addPage();
  };
  return {
    doc,
    width,
    margin: MARGIN,
    ensure,
    heading(title: string, subtitle: string) {
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .fillColor('#000')
        .text(title, MARGIN, undefined, { width });
      doc.font('Helvetica').fontSize(9.5).fillColor(GREY).text(subtitle, { width });
      doc.fillColor('#000');
    },
    section(title: string) {
      ensure(40);
      doc.moveDown(0.6);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#1f3a5f')
        .text(title.toUpperCase(), MARGIN);
      doc
        .moveTo(MARGIN, doc.y + 1)
        .lineTo(MARGIN + width, doc.y + 1)
        .lineWidth(0.5)
        .strokeColor('#c8ced6')
        .stroke();
      doc.moveDown(0.3).fillColor('#000').font('Helvetica').fontSize(9.5);
    },
    field(label: string, value: string) {
      ensure(14);
      doc
        .font('Helvetica-Bold')
        .text(`${label}: `, MARGIN, undefined, { continued: true, width })
        .font('Helvetica')
        .text(value, { width });
    },
    line(text: string) {
      ensure(14);
      doc.font('Helvetica').text(text, MARGIN, undefined, { width });
    },
    /** Writes the page footers and returns the bytes. */
    finish(): Promise<Buffer> {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        doc
          .fontSize(7.5)
          .fillColor(GREY)
          .text(
            `${opts.footer} — página ${i + 1} de ${range.count}`,
            MARGIN,
            doc.page.height - MARGIN - 10,
            {
              width,
              align: 'right',
              lineBreak: false,
            },
          );
      }
      doc.end();
      return done;
    },
  };
}
