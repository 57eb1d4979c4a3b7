import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const s3 = {
  STORAGE: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'eproto-arquivos',
  S3_ACCESS_KEY_ID: 'chave',
  S3_SECRET_ACCESS_KEY: 'segredo',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('storage and database configuration', () => {
  it('keeps files on local disk by default, under DATA_DIR/uploads', () => {
    const c = loadConfig({ DATA_DIR: '/srv/eproto' });
    expect(c.storage).toEqual({ driver: 'local', localRoot: '/srv/eproto/uploads' });
  });

  it('reads the S3 settings with STORAGE=s3 (region us-east-1 unless set)', () => {
    const c = loadConfig({ ...s3, DATA_DIR: '/srv/eproto' });
    expect(c.storage).toEqual({
      driver: 's3',
      localRoot: '/srv/eproto/uploads',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'eproto-arquivos',
        region: 'us-east-1',
        accessKeyId: 'chave',
        secretAccessKey: 'segredo',
        forcePathStyle: true,
      },
    });
  });

  it('refuses STORAGE=s3 without bucket or credentials, naming each, and a bad bucket name', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
      /S3_BUCKET: obrigatória com STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Meu_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });

  it('takes LISTEN/NOTIFY and migrations to DATABASE_DIRECT_URL, else to DATABASE_URL', () => {
    const pooled = 'postgres://app:x@pgbouncer:6432/eproto';
    const direct = 'postgres://app:x@postgres:5432/eproto';
    expect(loadConfig({ DATABASE_URL: pooled }).databaseDirectUrl).toBe(pooled);
    expect(
      loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }).databaseDirectUrl,
    ).toBe(direct);
  });
});
