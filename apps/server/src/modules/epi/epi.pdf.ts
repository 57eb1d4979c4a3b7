import {
  countOf,
  ACK_METHOD_LABELS,
  DELIVERY_REASON_LABELS,
  formatDateBr,
  type EpiDelivery,
  type EpiSheet,
} from '@eproto/domain';
import PDFDocument from 'pdfkit';

const MARGIN = 36;
const COLUMNS: Array<{ title: string; width: number; value: (e: EpiDelivery) => string }> = [
  { title: 'Data', width: 58, value: (e) => formatDateBr(e.data) },
  { title: 'EPI', width: 150, value: (e) => e.item.nome },
  { title: 'Tam.', width: 40, value: (e) => e.item.tamanho },
  { title: 'CA', width: 48, value: (e) => e.item.ca_numero },
  { title: 'Qtd.', width: 30, value: (e) => String(e.quantidade) },
  { title: 'Motivo', width: 66, value: (e) => DELIVERY_REASON_LABELS[e.motivo] },
  {
    title: 'Devolução',
    width: 62,
    value: (e) => (e.devolucao_data ? formatDateBr(e.devolucao_data) : '—'),
  },
  { title: 'Recebimento', width: 69, value: () => '' },
];
const ROW_H = 34;

/** Local date-time "dd/mm/aaaa hh:mm" of an instant in the company time zone. */
function localDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Draws a stored signature; a damaged image must not break the whole ficha. */
function drawImage(
  doc: PDFKit.PDFDocument,
  png: Buffer,
  x: number,
  y: number,
  fit: [number, number],
) {
  try {
    doc.image(png, x, y, { fit });
    return true;
  } catch {
    return false;
  }
}

/**
 * The "ficha de controle de EPI" as a PDF (A4): employee, NR-6 declaration, every delivery
 * with its CA, reason, return and acknowledgement (signature image or in-app confirmation).
 */
export async function renderEpiSheetPdf(
  sheet: EpiSheet,
  signatures: Map<number, Buffer>,
  timeZone: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Ficha de EPI — ${sheet.colaborador.nome}`, Author: 'E-Proto' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(15).text('Ficha de Controle de EPI', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555')
    .text('Equipamentos de Proteção Individual — NR-6', { align: 'center' });
  doc.moveDown(0.8).fillColor('#000').fontSize(10);
  doc
    .font('Helvetica-Bold')
    .text('Colaborador: ', { continued: true })
    .font('Helvetica')
    .text(sheet.colaborador.nome);
  doc
    .font('Helvetica-Bold')
    .text('Cargo: ', { continued: true })
    .font('Helvetica')
    .text(sheet.colaborador.cargo);
  doc
    .font('Helvetica-Bold')
    .text('E-mail: ', { continued: true })
    .font('Helvetica')
    .text(sheet.colaborador.email);
  doc
    .moveDown(0.6)
    .fontSize(8.5)
    .fillColor('#333')
    .text(
      'Declaro ter recebido gratuitamente os Equipamentos de Proteção Individual abaixo, em perfeito estado, ' +
        'e ter sido orientado sobre seu uso correto. Comprometo-me a usá-los apenas para a finalidade a que se destinam, ' +
        'responsabilizar-me por sua guarda e conservação, comunicar qualquer alteração que os torne impróprios e ' +
        'devolvê-los quando substituídos ou ao término do contrato (NR-6, item 6.7.1).',
      { width, align: 'justify' },
    );
  doc.moveDown(0.8).fillColor('#000');

  let y = doc.y;
  const header = () => {
    let x = MARGIN;
    doc
      .rect(MARGIN, y, width, 18)
      .fill('#e8ecf1')
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(8);
    for (const c of COLUMNS) {
      doc.text(c.title, x + 3, y + 5, { width: c.width - 6, lineBreak: false });
      x += c.width;
    }
    y += 18;
  };
  header();
  doc.font('Helvetica').fontSize(8);
  if (sheet.entregas.length === 0) {
    doc.text('Nenhuma entrega registrada.', MARGIN, y + 8);
    y += 26;
  }
  for (const e of sheet.entregas) {
    if (y + ROW_H > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
      header();
      doc.font('Helvetica').fontSize(8);
    }
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc
        .fillColor('#000')
        .text(c.value(e), x + 3, y + 5, { width: c.width - 6, height: ROW_H - 6, ellipsis: true });
      x += c.width;
    }
    const ackX = x - COLUMNS.at(-1)!.width;
    const sig = signatures.get(e.id);
    if (sig && drawImage(doc, sig, ackX + 3, y + 2, [COLUMNS.at(-1)!.width - 6, ROW_H - 4])) {
      // signature drawn
    } else if (e.confirmacao) {
      const when = e.confirmado_em ? localDateTime(e.confirmado_em, timeZone) : '';
      doc.fontSize(7).text(`${ACK_METHOD_LABELS[e.confirmacao]} ${when}`, ackX + 3, y + 5, {
        width: COLUMNS.at(-1)!.width - 6,
      });
      doc.fontSize(8);
    } else {
      doc.fillColor('#b45309').text('Pendente', ackX + 3, y + 5);
    }
    doc
      .moveTo(MARGIN, y + ROW_H)
      .lineTo(MARGIN + width, y + ROW_H)
      .lineWidth(0.5)
      .strokeColor('#c8ced6')
      .stroke();
    y += ROW_H;
  }

  doc
    .fillColor('#555')
    .fontSize(8)
    .text(
      `Gerado pelo E-Proto em ${localDateTime(sheet.gerado_em, timeZone)} — ${countOf(sheet.entregas.length, 'entrega', 'entregas')}.`,
      MARGIN,
      Math.min(y + 12, doc.page.height - MARGIN - 12),
      { width },
    );
  doc.end();
  return done;
}
