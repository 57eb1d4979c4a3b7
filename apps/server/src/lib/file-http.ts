import type { Readable } from 'node:stream';
import { attachmentDisplayName } from '@eproto/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { attachmentDisposition } from './file-type.ts';

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
  data: Buffer;
  fileName: string | undefined;
  displayName: string | undefined;
}

/**
 * Reads a multipart attachment form (the `file` part and an optional `display_name`). The size
 * limit of @fastify/multipart stops an oversized file while it streams; anything that is not a
 * form, a bad name or a form without a file is a Portuguese validation error.
 */
export async function readAttachmentForm(req: FastifyRequest): Promise<AttachmentForm> {
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION', 'Envie o arquivo como multipart/form-data.', 'file');
  }
  let data: Buffer | null = null;
  let fileName: string | undefined;
  let displayName: string | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (part.fieldname === 'file' && !data) {
        data = buf;
        fileName = part.filename;
      }
    } else if (part.fieldname === 'display_name') {
      const parsed = attachmentDisplayName.safeParse(part.value);
      if (!parsed.success) {
        throw new AppError(
          'VALIDATION',
          parsed.error.issues[0]?.message ?? 'Nome inválido.',
          'display_name',
        );
      }
      displayName = parsed.data;
    }
  }
  if (!data) throw new AppError('VALIDATION', 'Selecione um arquivo para enviar.', 'file');
  return { data, fileName, displayName };
}
