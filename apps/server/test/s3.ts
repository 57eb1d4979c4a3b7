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

/** Starts s3rver on 127.0.0.1 (a free port) over a temporary folder; stop() removes both. */
export async function startS3(bucket = 'eproto-teste'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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
