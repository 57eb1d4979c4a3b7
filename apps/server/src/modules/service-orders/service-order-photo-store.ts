import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { sniffFileType } from '../../lib/file-type.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import type { Storage } from '../../lib/storage.ts';

/** Images the report can print (the phone compresses to JPEG). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** Longest side of a thumbnail: a grid cell on the phone and a photo slot in the PDF. */
export const THUMB_PX = 480;

export interface StoredPhoto {
  key: string;
  thumbKey: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/**
 * Stores one uploaded photo as it streams in: its type is checked on the first bytes, then the
 * bytes go to the storage (disk or S3) while they are hashed and a small JPEG thumbnail is made
 * from them, so the server never holds the file to store it. A photo that is not a readable
 * JPEG or PNG is refused (415) and leaves nothing stored.
 */
export async function storePhoto(
  storage: Storage,
  prefix: string,
  file: IncomingFile,
  /** How the messages name the file (its cleaned name). */
  name: string,
): Promise<StoredPhoto> {
  const type = file.head.length ? sniffFileType(file.head, file.fileName ?? '') : null;
  if (!type || !PHOTO_TYPES.includes(type.mime)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      `O arquivo ${name} não é uma foto: envie imagens JPEG ou PNG.`,
      'file',
    );
  }
  const hash = createHash('sha256');
  const toStorage = new PassThrough();
  // rotate() applies the camera's EXIF orientation before the resize.
  const toThumb = sharp({ failOn: 'error' })
    .rotate()
    .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 72, mozjpeg: true });
  const source = file.stream;
  source.on('data', (chunk: Buffer) => hash.update(chunk));
  source.on('error', (err) => {
    toStorage.destroy(err);
    toThumb.destroy(err);
  });
  // toBuffer() never settles when its input is destroyed (size limit): the error settles it.
  const thumbnail = new Promise<Buffer>((resolve, reject) => {
    toThumb.once('error', reject);
    toThumb.toBuffer().then(resolve, reject);
  });
  source.pipe(toStorage);
  source.pipe(toThumb);
  const [stored, thumb] = await Promise.allSettled([
    storage.put(prefix, type.ext, toStorage),
    thumbnail,
  ]);
  const cleanup = async () => {
    if (stored.status === 'fulfilled') await storage.remove(stored.value).catch(() => undefined);
  };
  if (stored.status === 'rejected') {
    await cleanup();
    throw stored.reason;
  }
  if (thumb.status === 'rejected') {
    await cleanup();
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      `O arquivo ${name} não é uma foto legível: envie imagens JPEG ou PNG.`,
      'file',
    );
  }
  let thumbKey: string;
  try {
    thumbKey = await storage.put(prefix, 'jpg', thumb.value);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    key: stored.value,
    thumbKey,
    mimeType: type.mime,
    size: file.size(),
    sha256: hash.digest('hex'),
  };
}
