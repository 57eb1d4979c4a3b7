// `npm run storage:migrate`: copies every file of DATA_DIR/uploads to the S3 bucket of the
// configuration (STORAGE=s3 and S3_*) and verifies each; run it before switching nodes to S3.
import { countOf } from '@eproto/domain';
import { loadConfig } from './config.ts';
import { s3Storage } from './lib/s3-storage.ts';
import { migrateLocalToS3 } from './ops/storage-migrate.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    console.error(
      'storage:migrate copia os arquivos locais para o S3: defina STORAGE=s3 e S3_ENDPOINT, ' +
        'S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (e S3_FORCE_PATH_STYLE=true ' +
        'para MinIO), com o mesmo DATA_DIR dos arquivos.',
    );
    return 2;
  }
  const { localRoot, s3 } = config.storage;
  const target = await s3Storage(s3);
  console.log(`Copiando ${localRoot} para o bucket ${s3.bucket} (${s3.endpoint ?? 'AWS S3'})...`);
  const started = Date.now();
  const report = await migrateLocalToS3({ localRoot, target, log: (l) => console.log(`  ${l}`) });
  target.destroy();
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${countOf(report.total, 'arquivo', 'arquivos')}: ` +
      `${countOf(report.copied, 'copiado e conferido', 'copiados e conferidos')} ` +
      `(${(report.bytesCopied / 1_048_576).toFixed(1)} MiB), ` +
      `${countOf(report.alreadyThere, 'já estava', 'já estavam')} no bucket, ` +
      `${report.failed.length} com falha (${secs} s).`,
  );
  for (const f of report.failed) console.log(`  falhou: ${f.key}: ${f.reason}`);
  return report.failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('storage:migrate falhou:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
