import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './errors.ts';

/** Bytes read ahead to decide a file's type (the text check looks at up to 64 KiB). */
export const SNIFF_BYTES = 64 * 1024;

/** An uploaded file on its way in: its first bytes in memory, the rest still streaming. */
export interface IncomingFile {
  /** The name the browser gave (not yet cleaned: see safeFileName). */
  fileName: string | undefined;
  /** The first SNIFF_BYTES bytes (the whole file when smaller): enough to sniff its type. */
  head: Buffer;
  /** The whole file, head included, read once; fails with 413 past the upload size limit. */
  stream: Readable;
  /** Bytes that went through `stream` (the file's size once the storage has stored it). */
  size: () => number;
  /** Lets the unread rest of the body flow away (upload refused or failed); safe to repeat. */
  discard: () => void;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'Arquivo grande demais.', 'file');

/**
 * Reads the first bytes of a multipart file part and hands the rest on as a stream, so a file
 * is never whole in memory. @fastify/multipart ends an oversized part early and marks it
 * `truncated`: the stream then fails, and the storage keeps nothing.
 */
export async function incomingFile(part: MultipartFile): Promise<IncomingFile> {
  const source = part.file;
  // Not destroyed when we stop reading: the rest must drain, or busboy never finishes the body.
  const chunks = source.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
  const release = () => {
    void chunks.return?.().finally(() => source.resume());
  };
  const first: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  try {
    while (headLength < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      first.push(next.value);
      headLength += next.value.length;
    }
  } catch (err) {
    release();
    throw err;
  }
  if (source.truncated) {
    release();
    throw tooLarge();
  }
  const head = Buffer.concat(first);
  let size = 0;
  async function* all(): AsyncGenerator<Buffer> {
    try {
      size = head.length;
      if (head.length > 0) yield head;
      while (!ended) {
        const next = await chunks.next();
        if (next.done) break;
        if (source.truncated) throw tooLarge();
        size += next.value.length;
        yield next.value;
      }
      if (source.truncated) throw tooLarge();
    } finally {
      release();
    }
  }
  const stream = Readable.from(all(), { objectMode: false });
  return {
    fileName: part.filename,
    head,
    stream,
    size: () => size,
    discard: () => {
      stream.destroy();
      release();
    },
  };
}

/** Runs `use` with the file, then lets whatever it did not read drain away. */
export async function usingFile<T>(
  file: IncomingFile,
  use: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  try {
    return await use(file);
  } finally {
    file.discard();
  }
}

/**
 * A single-file upload (chat, requests, support): the first file part, streamed, handed to
 * `use`. Without a file, `missing` is the Portuguese validation message.
 */
export async function withUploadedFile<T>(
  part: MultipartFile | undefined,
  use: (file: IncomingFile) => Promise<T>,
  missing = 'Envie um arquivo.',
): Promise<T> {
  if (!part) throw new AppError('VALIDATION', missing, 'file');
  return usingFile(await incomingFile(part), use);
}
