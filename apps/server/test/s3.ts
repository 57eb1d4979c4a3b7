import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.ts';

/** A real S3-protocol server (s3rver) for one test file, with one bucket. */
export interface TestS3 {
  settings: S3Settings;
  /** The same settings as environment variables (STORAGE=s3 ...). */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export interface TestS3Options {
  /**
   * Whether AbortMultipartUpload works (default true). False answers it as s3rver itself does
   * (405), a store that cannot abort: the parts stay for the lifecycle rule.
   */
  abortMultipart?: boolean;
}

const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What s3rver 3.7 lacks of multipart uploads and real S3 does: ListMultipartUploads
 * (`GET /bucket?uploads`) and AbortMultipartUpload (`DELETE /bucket/key?uploadId=`), over
 * s3rver's own folder of unfinished uploads (`<bucket>/._S3rver_uploads/<id>/{key,1,2,...}`).
 * Path-style requests only, as the app sends them (S3_FORCE_PATH_STYLE).
 */
function multipartExtras(directory: string, bucket: string, abort: boolean) {
  const uploads = path.join(directory, bucket, '._S3rver_uploads');
  const pending = () =>
    (fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).flatMap((id) => {
      const keyFile = path.join(uploads, id, 'key');
      if (!fs.existsSync(keyFile)) return [];
      return [{ id, key: fs.readFileSync(keyFile, 'utf8'), at: fs.statSync(keyFile).birthtime }];
    });
  return async (
    ctx: Parameters<S3rver['middleware'][number]>[0],
    next: () => Promise<void>,
  ): Promise<void> => {
    const [, b, ...rest] = ctx.path.split('/');
    if (b !== bucket) return next();
    if (ctx.method === 'GET' && rest.join('') === '' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const list = pending().filter((u) => u.key.startsWith(prefix));
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${bucket}</Bucket><Prefix>${xmlText(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        list
          .map(
            (u) =>
              `<Upload><Key>${xmlText(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.at.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
          )
          .join('') +
        `</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (abort && ctx.method === 'DELETE' && rest.length > 0 && typeof uploadId === 'string') {
      const key = decodeURIComponent(rest.join('/'));
      const found = pending().find((u) => u.id === uploadId && u.key === key);
      if (!found) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      fs.rmSync(path.join(uploads, found.id), { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    return next();
  };
}

/** Starts s3rver on 127.0.0.1 (a free port) over a temporary folder; stop() removes both. */
export async function startS3(
  bucket = 'eproto-teste',
  options: TestS3Options = {},
): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // First in line: Koa composes its middleware when run() starts listening.
  server.middleware.unshift(multipartExtras(directory, bucket, options.abortMultipart ?? true));
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
