import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

// Reads a PDF back as a viewer does (MuPDF, WebAssembly): the text of each page through the
// fonts' Unicode maps, the font each character is drawn in, and the page rendered to pixels.

function open(pdf: Buffer) {
  return mupdf.Document.openDocument(pdf, 'application/pdf');
}

/** The text of each page as a PDF viewer extracts it. */
export function pdfViewerText(pdf: Buffer): string[] {
  const doc = open(pdf);
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  }
  return pages;
}

/** The names of the fonts the document draws text with (subset prefixes removed). */
export function pdfFontsUsed(pdf: Buffer): Set<string> {
  const doc = open(pdf);
  const names = new Set<string>();
  for (let i = 0; i < doc.countPages(); i++) {
    doc
      .loadPage(i)
      .toStructuredText('preserve-whitespace')
      .walk({
        onChar(_c, _origin, font) {
          names.add(font.getName().replace(/^[A-Z]{6}\+/, ''));
        },
      });
  }
  return names;
}

/** Renders every page (2× scale, white background) and decodes the QR codes found. */
export function pdfQrCodes(pdf: Buffer): string[] {
  const doc = open(pdf);
  const found: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const pix = doc
      .loadPage(i)
      .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
    const rgb = pix.getPixels();
    const rgba = new Uint8ClampedArray((rgb.length / 3) * 4);
    for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
      rgba[q] = rgb[p]!;
      rgba[q + 1] = rgb[p + 1]!;
      rgba[q + 2] = rgb[p + 2]!;
      rgba[q + 3] = 255;
    }
    const qr = jsQR(rgba, pix.getWidth(), pix.getHeight());
    if (qr) found.push(qr.data);
  }
  return found;
}

/**
 * Page `index` rendered as PNG bytes, to look at a report while working on it.
 * @public no test calls it.
 */
export function pdfPagePng(pdf: Buffer, index = 0, scale = 1.5): Buffer {
  const pix = open(pdf)
    .loadPage(index)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  return Buffer.from(pix.asPNG());
}
