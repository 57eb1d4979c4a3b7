// Generates the scaled company once into a DATA_DIR that is kept, for BENCH_DATA_TEMPLATE:
//   BENCH_SCALE=10 node --import tsx bench/lib/prepare-data.ts /srv/eproto-bench-10x
//   BENCH_SCALE=10 BENCH_DATA_TEMPLATE=/srv/eproto-bench-10x npm run bench -- load search
// Each bench then starts on a copy of it (the template stays untouched) instead of generating
// the 10× company again (minutes; seconds to copy). The server is stopped cleanly at the end.
import { generate } from './generate.ts';
import { startApp } from './servers.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('uso: node --import tsx bench/lib/prepare-data.ts <pasta>');
  process.exit(2);
}
const app = await startApp({}, dir);
try {
  const gen = await generate(dir);
  console.log(
    `Escala ${gen.scale.factor}× em ${dir}, gerada em ${(gen.ms / 1000).toFixed(1)} s: ${JSON.stringify(gen.totals)}`,
  );
} finally {
  await app.stop();
}
