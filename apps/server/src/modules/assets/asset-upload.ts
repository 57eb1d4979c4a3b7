import { AppError } from '../../lib/errors.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';

/** A spreadsheet for the import is small: read whole, at most this many bytes. */
export const SPREADSHEET_MAX_BYTES = 5 * 1_048_576;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The uploaded .xlsx in memory (an XLSX is a ZIP: anything else is refused before reading). */
export async function readSpreadsheetUpload(file: IncomingFile): Promise<Buffer> {
  if (!file.head.subarray(0, 4).equals(ZIP)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      'Envie a planilha em formato .xlsx (Excel); CSV e XLS antigos não são lidos.',
      'file',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream) {
    size += (chunk as Buffer).length;
    if (size > SPREADSHEET_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Planilha grande demais: no máximo 5 MB.', 'file');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
