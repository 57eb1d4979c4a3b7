import type { Readable } from 'node:stream';
import { attachmentUploadFields } from '@eproto/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { attachmentDisposition } from './file-type.ts';
import { incomingFile, type IncomingFile } from './incoming-file.ts';

/** A stored file on its way to the browser. */
export interface OutgoingFile {
  mimeType: string;
  fileName: string;
  /** Bytes, when known (sent as Content-Length). */
  size?: number;
  stream: Readable;
}

/**
 * Sends a stored file as a download: its detected type, `attachment` with the original name,
 * no sniffing, and not kept by shared caches.
 */
export function sendFile(
  reply: FastifyReply,
  file: OutgoingFile,
  cacheControl = 'private, no-store',
): FastifyReply {
  reply
    .type(file.mimeType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl);
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.send(file.stream);
}

/** What an attachment form sent: the file (`file`) and an optional name to show. */
export interface AttachmentForm {
  file: IncomingFile;
  displayName: string | undefined;
}

/**
 * Reads a multipart attachment form: the optional `display_name` (sent before the file, as
 * the SPA does) and the `file` part, whose bytes are left streaming for the storage. Anything
 * that is not a form, a bad name or a form without a file is a Portuguese validation error.
 */
export async function readAttachmentForm(req: FastifyRequest): Promise<AttachmentForm> {
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION', 'Envie o arquivo como multipart/form-data.', 'file');
  }
  const part = await req.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('VALIDATION', 'Selecione um arquivo para enviar.', 'file');
  }
  let displayName: string | undefined;
  const field = [part.fields.display_name].flat()[0];
  if (field && field.type === 'field') {
    const parsed = attachmentUploadFields.safeParse({ display_name: field.value });
    if (!parsed.success) {
      part.file.resume();
      throw new AppError(
        'VALIDATION',
        parsed.error.issues[0]?.message ?? 'Nome inválido.',
        'display_name',
      );
    }
    displayName = parsed.data.display_name;
  }
  return { file: await incomingFile(part), displayName };
}
