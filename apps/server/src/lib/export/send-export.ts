import type { FastifyReply } from 'fastify';
import type { ExportFile } from './spreadsheet.ts';

/** Sends an exported list as a download named `<base>.<ext>`. */
export function sendExport(reply: FastifyReply, file: ExportFile, base: string) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', `attachment; filename="${base}.${file.extension}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
