import { PLAN_FILE_MAX_BYTES } from '@eproto/domain';
import { AppError } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';

/** An uploaded plan, whole in memory, and which reader it goes to (by content, not by name). */
export type PlanUpload = { kind: 'xlsx'; data: Buffer } | { kind: 'xml'; data: Buffer };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const refused = (message: string) => new AppError('VALIDATION', message, 'file');

/** An XML file starts with "<" (after an optional UTF-8 BOM and blanks). */
function looksLikeXml(head: Buffer): boolean {
  const text = head.subarray(head.subarray(0, 3).equals(BOM) ? 3 : 0, 512).toString('utf8');
  return /^\s*</.test(text);
}

/**
 * Reads the uploaded plan: an XLSX (a ZIP) or an MS Project XML; anything else, or more than
 * PLAN_FILE_MAX_BYTES, is a 400 with a Portuguese message before any parsing.
 */
export async function readPlanUpload(file: IncomingFile): Promise<PlanUpload> {
  const kind = file.head.subarray(0, 4).equals(ZIP)
    ? 'xlsx'
    : looksLikeXml(file.head)
      ? 'xml'
      : null;
  if (kind === null) {
    throw refused(
      'Envie o plano em .xlsx (Excel, use o modelo) ou .xml do MS Project; este arquivo não é nenhum dos dois.',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream) {
    size += (chunk as Buffer).length;
    if (size > PLAN_FILE_MAX_BYTES) {
      throw refused(
        `Arquivo grande demais: o plano pode ter no máximo ${PLAN_FILE_MAX_BYTES / 1_048_576} MB.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return { kind, data: Buffer.concat(chunks) };
}
