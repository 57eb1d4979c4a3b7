import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of the archive: a text (compressed) or a stored file streamed as it is read. */
export type ZipEntry = { name: string; text: string } | { name: string; open: () => Readable };

/**
 * Streams a ZIP of `entries` one after the other, never holding a file in memory: each file's
 * chunks go out as they are read, waiting while the client is slow (backpressure). Files
 * (photos, PDFs) are stored as they are; texts are deflated. A file that fails half-way ends
 * the download with an error (the browser shows it failed) rather than a silently short ZIP.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  async function run() {
    for (const entry of entries) {
      if (out.destroyed) return;
      if ('text' in entry) {
        const file = new ZipDeflate(entry.name, { level: 6 });
        zip.add(file);
        file.push(strToU8(entry.text), true);
        await drained();
        continue;
      }
      const source = entry.open();
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      for await (const chunk of source) {
        if (out.destroyed) {
          source.destroy();
          return;
        }
        file.push(chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk)));
        await drained();
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  }

  run().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
