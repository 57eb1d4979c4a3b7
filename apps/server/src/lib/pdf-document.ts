import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// pdfkit's built-in fonts (Helvetica…) encode text as WinAnsi: an emoji came out as the bytes
// of its UTF-16 surrogates ("💧" printed "Ø=Ü§"). Every PDF of the app is made here, and its
// text() draws emoji in an embedded monochrome emoji font (Noto Emoji, SIL OFL, from
// @fontsource/noto-emoji: one file covers every emoji of its slices) and any other character
// that neither font has as a visible "?". Text without such characters draws exactly as before.

const EMOJI_FONT = 'EprotoEmoji';
const EMOJI_FILE = '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff';
/** The code points of the font's slices ("U+1f1e6-1f1ff,U+200d,…"), all in EMOJI_FILE. */
const EMOJI_RANGES = '@fontsource/noto-emoji/unicode.json';

let emojiFont: { bytes: Buffer; has: (cp: number) => boolean } | null = null;

function emoji() {
  if (!emojiFont) {
    const require = createRequire(import.meta.url);
    const bytes = fs.readFileSync(require.resolve(EMOJI_FILE));
    const ranges = JSON.parse(fs.readFileSync(require.resolve(EMOJI_RANGES), 'utf8')) as Record<
      string,
      string
    >;
    const set = new Set<number>();
    for (const part of Object.values(ranges).join(',').split(',')) {
      const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part);
      if (!m) continue;
      const from = parseInt(m[1]!, 16);
      const to = m[2] ? parseInt(m[2], 16) : from;
      for (let cp = from; cp <= to; cp++) set.add(cp);
    }
    emojiFont = { bytes, has: (cp) => set.has(cp) };
  }
  return emojiFont;
}

/** Characters above Latin-1 that WinAnsi (the built-in fonts' encoding) still has. */
const WIN_ANSI_EXTRA = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((c) => c.codePointAt(0)!),
);

/** Joiners and modifiers that belong to the emoji before them. */
const joins = (cp: number) =>
  cp === 0x200d ||
  cp === 0xfe0f ||
  cp === 0x20e3 ||
  (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
  (cp >= 0xe0020 && cp <= 0xe007f);

const winAnsi = (cp: number) =>
  (cp < 0x80 && cp !== 0x7f) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);

export interface PdfRun {
  text: string;
  emoji: boolean;
}

/**
 * Splits text into runs for the built-in font and runs for the emoji font; a character neither
 * has becomes "?" (seen, never garbage).
 */
export function pdfTextRuns(text: string, hasEmoji: (cp: number) => boolean): PdfRun[] {
  const runs: PdfRun[] = [];
  const push = (ch: string, isEmoji: boolean) => {
    const last = runs[runs.length - 1];
    if (last && last.emoji === isEmoji) last.text += ch;
    else runs.push({ text: ch, emoji: isEmoji });
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const prevEmoji = runs[runs.length - 1]?.emoji === true;
    if (winAnsi(cp)) push(ch, false);
    else if (hasEmoji(cp) || (prevEmoji && joins(cp))) push(ch, true);
    else if (joins(cp))
      continue; // a stray variation selector or joiner: nothing to print
    else push('?', false);
  }
  return runs.length ? runs : [{ text, emoji: false }];
}

interface FontState {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
}

type TextArgs = [
  x?: number | PDFKit.Mixins.TextOptions,
  y?: number,
  options?: PDFKit.Mixins.TextOptions,
];

/** Makes doc.text() draw emoji in the emoji font and heightOfString() measure them. */
function installEmojiText(doc: PDFKit.PDFDocument) {
  const font = emoji();
  doc.registerFont(EMOJI_FONT, font.bytes);
  const text = doc.text.bind(doc) as (t: string, ...a: TextArgs) => PDFKit.PDFDocument;
  const height = doc.heightOfString.bind(doc);
  const state = doc as unknown as FontState;

  doc.text = (value: string | number | null | undefined, ...args: TextArgs) => {
    const runs = pdfTextRuns(value == null ? '' : String(value), font.has);
    if (runs.length === 1 && !runs[0]!.emoji) return text(runs[0]!.text, ...args);
    const [x, y, more] = args;
    const options = (typeof x === 'object' ? x : more) ?? {};
    const saved = { f: state._font, s: state._fontSource, fam: state._fontFamily };
    const restore = () => {
      state._font = saved.f;
      state._fontSource = saved.s;
      state._fontFamily = saved.fam;
    };
    runs.forEach((run, i) => {
      const last = i === runs.length - 1;
      const continued = last ? options.continued === true : true;
      if (run.emoji) doc.font(EMOJI_FONT);
      else restore();
      if (i > 0) text(run.text, { continued });
      else if (typeof x === 'number') text(run.text, x, y, { ...options, continued });
      else text(run.text, { ...options, continued });
    });
    restore();
    return doc;
  };

  // Measured in the current font with each emoji as a wide letter ("W" + space ≈ its advance).
  doc.heightOfString = (value: string, options?: PDFKit.Mixins.TextOptions) =>
    height(
      pdfTextRuns(value, font.has)
        .map((r) =>
          r.emoji
            ? 'W '.repeat((r.text.match(/\p{Extended_Pictographic}/gu) ?? ['']).length)
            : r.text,
        )
        .join(''),
      options,
    );
  return doc;
}

/** A new pdfkit document; every PDF of the app is made through this (emoji print). */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  return installEmojiText(new PDFDocument(options));
}
