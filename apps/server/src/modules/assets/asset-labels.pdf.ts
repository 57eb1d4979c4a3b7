import { createPdfDocument } from '../../lib/pdf-document.ts';
import { drawPdfQr } from '../../lib/pdf-qr.ts';

/** What one label prints. */
export interface AssetLabel {
  tag: string;
  tipo: string;
  local: string;
  contrato: string;
  url: string;
}

const MM = 72 / 25.4;
// A4 sheets of 2 × 7 labels of 99,0 × 38,1 mm (Pimaco A4263, 6 Avery L7163 and their kin).
const COLS = 2;
const ROWS = 7;
const LABEL_W = 99 * MM;
const LABEL_H = 38.1 * MM;
const GAP_X = 2.5 * MM;
const PAGE_W = 210 * MM;
const PAGE_H = 297 * MM;
const LEFT = (PAGE_W - COLS * LABEL_W - (COLS - 1) * GAP_X) / 2;
const TOP = (PAGE_H - ROWS * LABEL_H) / 2;
const PAD = 3 * MM;
const QR = LABEL_H - 2 * PAD;

/** `text` cut with "…" to `width` in the current font (pdfkit would wrap it instead). */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number) {
  if (doc.widthOfString(text) <= width) return text;
  let t = text;
  while (t.length > 1 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}

function drawLabel(doc: PDFKit.PDFDocument, l: AssetLabel, x: number, y: number) {
  doc
    .save()
    .roundedRect(x + 1, y + 1, LABEL_W - 2, LABEL_H - 2, 4)
    .lineWidth(0.4)
    .dash(2, { space: 2 })
    .stroke('#bbb')
    .undash()
    .restore();
  drawPdfQr(doc, l.url, { x: x + PAD, y: y + PAD, size: QR, link: l.url });
  const tx = x + PAD + QR + 2 * MM;
  const width = x + LABEL_W - PAD - tx;
  const one = { width, lineBreak: false } as const;
  // A long tag gets smaller (down to 9 pt), then is cut, rather than wrapping over the lines below.
  doc.fillColor('#000').font('Helvetica-Bold');
  let size = 15;
  while (size > 9 && doc.fontSize(size).widthOfString(l.tag) > width) size -= 0.5;
  doc.text(fitted(doc, l.tag, width), tx, y + PAD, one);
  doc.font('Helvetica').fontSize(9);
  doc.text(fitted(doc, l.tipo, width), tx, doc.y + 1, one);
  if (l.local) {
    doc.fontSize(8.5).text(l.local, tx, doc.y + 2, { width, height: 22, ellipsis: true });
  }
  doc.fillColor('#555').fontSize(7.5);
  doc.text(fitted(doc, l.contrato, width), tx, doc.y + 2, one);
  doc.fontSize(6.5);
  doc.text(
    fitted(doc, 'Algum problema? Aponte a câmera do celular para o QR.', width),
    tx,
    y + LABEL_H - PAD - 8,
    one,
  );
  doc.fillColor('#000');
}

/** The PDF of labels, 14 per A4 page, in the order given (the sheet is printed as is). */
export function renderAssetLabelsPdf(labels: AssetLabel[]): Promise<Buffer> {
  const doc = createPdfDocument({
    size: 'A4',
    margin: 0,
    info: { Title: 'Etiquetas de ativos', Author: 'E-Proto' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((l, i) => {
    const slot = i % (COLS * ROWS);
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const col = slot % COLS;
    const row = Math.floor(slot / COLS);
    drawLabel(doc, l, LEFT + col * (LABEL_W + GAP_X), TOP + row * LABEL_H);
  });
  doc.end();
  return done;
}
