import {
  countOf,
  ACK_METHOD_LABELS,
  DELIVERY_REASON_LABELS,
  EPI_DECLARATION,
  formatCnpj,
  formatCpf,
  formatDateBr,
  type EpiDelivery,
  type EpiSheet,
} from '@eproto/domain';
import { createPdfDocument } from '../../lib/pdf-document.ts';

const MARGIN = 36;
const COLUMNS: Array<{ title: string; width: number; value: (e: EpiDelivery) => string }> = [
  { title: 'Data', width: 54, value: (e) => formatDateBr(e.data) },
  { title: 'EPI', width: 122, value: (e) => e.item.nome },
  { title: 'Tam.', width: 34, value: (e) => e.item.tamanho },
  { title: 'CA', width: 44, value: (e) => e.item.ca_numero },
  { title: 'Validade CA', width: 56, value: (e) => formatDateBr(e.item.ca_validade) },
  { title: 'Qtd.', width: 26, value: (e) => String(e.quantidade) },
  { title: 'Motivo', width: 58, value: (e) => DELIVERY_REASON_LABELS[e.motivo] },
  {
    title: 'Devolução',
    width: 58,
    value: (e) => (e.devolucao_data ? formatDateBr(e.devolucao_data) : '—'),
  },
  { title: 'Recebimento', width: 71, value: () => '' },
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
 * The "ficha de controle de EPI" as a PDF (A4): employer (name, CNPJ), employee (name, CPF,
 * matrícula, função, admissão), every delivery with its CA and CA validity, reason, return and
 * acknowledgement (signature image or in-app confirmation), then the NR-6 declaration and the
 * signature block.
 */
export async function renderEpiSheetPdf(
  sheet: EpiSheet,
  signatures: Map<number, Buffer>,
  timeZone: string,
): Promise<Buffer> {
  const doc = createPdfDocument({
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
  const field = (label: string, value: string, opts: { continued?: boolean } = {}) =>
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value, opts);
  const none = 'não informado';
  doc.font('Helvetica-Bold').fontSize(15).text('Ficha de Controle de EPI', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555')
    .text('Equipamentos de Proteção Individual — NR-6', { align: 'center' });
  doc.moveDown(0.8).fillColor('#000').fontSize(10);
  const c = sheet.colaborador;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555').text('EMPREGADOR');
  doc.fillColor('#000').fontSize(10);
  field('Empresa', sheet.empresa?.nome ?? none);
  field('CNPJ', sheet.empresa ? formatCnpj(sheet.empresa.cnpj) : none);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555').text('COLABORADOR');
  doc.fillColor('#000').fontSize(10);
  field('Nome', c.nome);
  field('CPF', c.cpf ? formatCpf(c.cpf) : none);
  field('Matrícula', c.matricula ?? none);
  field('Função', c.funcao ?? c.cargo);
  field('Admissão', c.admissao ? formatDateBr(c.admissao) : none);
  doc.moveDown(0.8);

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

  // Closing declaration and signatures, together on one page.
  const closingHeight = 190;
  if (y + closingHeight > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('DECLARAÇÃO DO COLABORADOR', MARGIN, y + 16, { width });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#333')
    .text(EPI_DECLARATION, MARGIN, doc.y + 4, { width, align: 'justify' });
  doc
    .fillColor('#000')
    .fontSize(9)
    .text('Local e data: ______________________________, ____/____/________', MARGIN, doc.y + 12, {
      width,
    });
  const lineY = doc.y + 42;
  const half = (width - 30) / 2;
  for (const [i, [title, sub]] of [
    ['Assinatura do colaborador', `${c.nome}${c.cpf ? ` — CPF ${formatCpf(c.cpf)}` : ''}`],
    ['Responsável pela entrega', sheet.empresa?.nome ?? 'Empregador'],
  ].entries()) {
    const x = MARGIN + i * (half + 30);
    doc
      .moveTo(x, lineY)
      .lineTo(x + half, lineY)
      .lineWidth(0.7)
      .strokeColor('#000')
      .stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .text(title!, x, lineY + 4, { width: half });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(sub!, x, doc.y + 1, { width: half });
  }
  doc
    .fillColor('#555')
    .fontSize(8)
    .text(
      `Gerado pelo E-Proto em ${localDateTime(sheet.gerado_em, timeZone)} — ${countOf(sheet.entregas.length, 'entrega', 'entregas')}.`,
      MARGIN,
      lineY + 40,
      { width },
    );
  doc.end();
  return done;
}
