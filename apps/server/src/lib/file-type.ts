import { stripUnsafeNameChars } from '@eproto/domain';
import { AppError } from './errors.ts';

/** What the sniffer decided about a file's bytes. */
export interface SniffResult {
  mime: string;
  /** Extension the file is stored and offered with. */
  ext: string;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (buf: Buffer, start: number, end: number) =>
  buf.subarray(start, end).toString('latin1');

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  kmz: 'application/vnd.google-earth.kmz',
};
const OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};
const TEXT: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/plain',
  json: 'application/json',
  xml: 'text/plain',
  kml: 'text/plain',
  log: 'text/plain',
};

function extOf(fileName: string): string {
  const m = /\.([a-z0-9]{1,8})$/i.exec(fileName);
  return m?.[1]?.toLowerCase() ?? '';
}

/** True when the bytes are UTF-8 text without control characters other than tab/CR/LF/FF. */
function looksLikeText(buf: Buffer): boolean {
  const sample = buf.subarray(0, 64 * 1024);
  for (const b of sample) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) {
      return false;
    }
  }
  // A cut in the middle of a multi-byte character at the sample's end is fine.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  const bad = text.slice(0, -2).includes('\uFFFD');
  return !bad;
}

/**
 * Decides a file's type from its first bytes (never from the name or the browser's claim).
 * The name only chooses between formats that share a container (ZIP-based Office files, OLE
 * legacy Office files, plain-text flavours). Null means "not an accepted type".
 */
export function sniffFileType(buf: Buffer, fileName: string): SniffResult | null {
  const ext = extOf(fileName);
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  if (ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) {
      return { mime: 'image/heic', ext: 'heic' };
    }
    if (['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V '].includes(brand)) {
      return { mime: 'video/mp4', ext: 'mp4' };
    }
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov' };
  }
  if (ascii(buf, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) {
    const office = OFFICE_ZIP[ext];
    return office ? { mime: office, ext } : { mime: 'application/zip', ext: 'zip' };
  }
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const ole = OLE[ext];
    return ole ? { mime: ole, ext } : null;
  }
  if (buf.length > 0 && looksLikeText(buf)) {
    const mime = TEXT[ext];
    return mime ? { mime, ext } : { mime: 'text/plain', ext: 'txt' };
  }
  return null;
}

/** The original file name reduced to something safe to keep and to send back. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control and bidirectional characters go (U+202E turns "gpj.exe" into "exe.jpg" on screen).
  const clean = stripUnsafeNameChars(base)
    .replace(/["<>|*?:]/g, '_')
    .trim();
  return (clean || 'arquivo').slice(0, 200);
}

/**
 * Content-Disposition value that forces a download and keeps non-ASCII names (RFC 6266).
 * Names stored before the upload filter (or shown names typed by people) are cleaned here too.
 */
export function attachmentDisposition(name: string): string {
  const fileName = stripUnsafeNameChars(name).trim() || 'arquivo';
  const fallback = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${fallback || 'arquivo'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** What uploads accept, named for people (the sniffer above decides). */
export const ACCEPTED_FILES_MESSAGE =
  'Tipo de arquivo não permitido. Envie imagem, vídeo, PDF, documento, planilha, apresentação, ZIP ou texto.';

/**
 * The type of an uploaded file, decided by its bytes: an empty file is a validation error and a
 * type the app does not keep is refused (415) with what it accepts.
 */
export function acceptedFileType(data: Buffer, fileName: string): SniffResult {
  if (data.length === 0) throw new AppError('VALIDATION', 'O arquivo está vazio.', 'file');
  const type = sniffFileType(data, fileName);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA', ACCEPTED_FILES_MESSAGE, 'file');
  return type;
}
