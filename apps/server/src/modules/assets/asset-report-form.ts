import type { FastifyRequest } from 'fastify';
import { ASSET_REPORT_MAX_PHOTOS, ASSET_REPORT_PHOTO_MAX_BYTES } from '@eproto/domain';
import type { Storage } from '../../lib/storage.ts';
import { AppError } from '../../lib/errors.ts';
import { safeFileName, sniffFileType } from '../../lib/file-type.ts';
import { incomingFile } from '../../lib/incoming-file.ts';
import type { StoredPhoto } from './asset-reports.service.ts';

/** The longest text field the form takes, in bytes (2.000 characters of 4-byte emoji). */
const FIELD_MAX_BYTES = 8_000 + 1_024;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif']);

/**
 * Reads the public report's multipart form: text fields (each at most ~8 KB: a 10 MB text is
 * refused with 413 without being kept) and up to ASSET_REPORT_MAX_PHOTOS photos in `fotos`,
 * streamed to storage as they arrive, each checked by its bytes. On any refusal the photos
 * already stored are removed before the error goes out.
 */
export async function readReportForm(req: FastifyRequest, storage: Storage) {
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION', 'Envie o relato como formulário (multipart/form-data).');
  }
  const fields: Record<string, string> = {};
  const photos: StoredPhoto[] = [];
  try {
    const parts = req.parts({
      limits: {
        fieldSize: FIELD_MAX_BYTES,
        fields: 8,
        files: ASSET_REPORT_MAX_PHOTOS,
        fileSize: ASSET_REPORT_PHOTO_MAX_BYTES,
        parts: 8 + ASSET_REPORT_MAX_PHOTOS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            'Texto grande demais: a descrição aceita até 2.000 caracteres.',
            part.fieldname,
          );
        }
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (part.fieldname !== 'fotos') {
        part.file.resume();
        throw new AppError('VALIDATION', 'Envie as fotos no campo "fotos".', part.fieldname);
      }
      const file = await incomingFile(part);
      const fileName = safeFileName(file.fileName);
      const type = sniffFileType(file.head, fileName);
      if (!type || !PHOTO_TYPES.has(type.mime)) {
        file.discard();
        throw new AppError(
          'UNSUPPORTED_MEDIA',
          'Envie somente fotos (JPG, PNG, WEBP ou HEIC).',
          'fotos',
        );
      }
      const storageKey = await storage.put('solicitacoes', type.ext, file.stream);
      photos.push({ storageKey, fileName, mimeType: type.mime, size: file.size() });
    }
  } catch (err) {
    await removeAll(storage, photos);
    throw inPortuguese(err);
  }
  return { fields, photos };
}

/** The form's limits said for this form ("3 fotos", "8 MB"), not the upload's generic words. */
function inPortuguese(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `No máximo ${ASSET_REPORT_MAX_PHOTOS} fotos por relato.`,
      'fotos',
    );
  }
  if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE' && err.field === 'file') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `Foto grande demais: no máximo ${ASSET_REPORT_PHOTO_MAX_BYTES / 1_048_576} MB cada.`,
      'fotos',
    );
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'Campos demais no relato.');
  }
  return err;
}

/** Removes photos stored for a report that was refused. */
export async function removeAll(storage: Storage, photos: StoredPhoto[]) {
  for (const p of photos) await storage.remove(p.storageKey).catch(() => undefined);
}
