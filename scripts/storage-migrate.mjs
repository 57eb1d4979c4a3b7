// `npm run storage:migrate`: builds the server if needed, then runs its storage-migrate entry
// with plain node (copies DATA_DIR/uploads to the S3 bucket of STORAGE=s3 and verifies each).
import { spawn } from 'node:child_process';
import { ensureServerBuilt, STORAGE_MIGRATE_ENTRY } from './build-server.mjs';

await ensureServerBuilt();
const child = spawn(process.execPath, [STORAGE_MIGRATE_ENTRY], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
