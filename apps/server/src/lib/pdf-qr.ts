import QRCode from 'qrcode';

/**
 * Draws `text` as a QR code of vector squares (sharp at any print size, a few hundred bytes)
 * in a white square of `size` points with a quiet zone of two modules, linked to `link`.
 */
export function drawPdfQr(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; size: number; link?: string },
) {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  const cell = at.size / (n + 4);
  doc.save().rect(at.x, at.y, at.size, at.size).fill('#fff');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (modules.get(r, c)) doc.rect(at.x + (c + 2) * cell, at.y + (r + 2) * cell, cell, cell);
    }
  }
  doc.fill('#000').restore();
  if (at.link) doc.link(at.x, at.y, at.size, at.size, at.link);
}
