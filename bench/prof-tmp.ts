import { STAGES } from '@eproto/domain';
import { databaseUrl, generate } from './lib/generate.ts';
import pg from 'pg';
import { load } from './lib/load.ts';
import { signIn, startApp } from './lib/servers.ts';
const app = await startApp({ NODE_OPTIONS: '--import /tmp/profiler.mjs' });
try {
  const gen = await generate(app.dataDir!);
  const cookie = await signIn(app.url, 'gerente@eproto.test');
  const H = { cookie, 'x-requested-with': 'eproto', 'content-type': 'application/json' };
  const res = await fetch(
    `${app.url}/api/eproto/murals/summary?board_id=${gen.bigBoardId}&perPage=1000&page=1`,
    { headers: H },
  );
  const items = (await res.json()) as { id: number; stage: string }[];
  const stageOf = new Map(items.map((i) => [i.id, i.stage]));
  const ids = items.map((i) => i.id);
  const c = new pg.Client({ connectionString: databaseUrl(app.dataDir!) });
  await c.connect();

  let n = 0;
  const which = process.env.WHICH ?? 'kanban';
  const { execFile } = await import('node:child_process');
  execFile(
    'sh',
    ['-c', "top -b -d 5 -n 2 -o %CPU | awk '/^top/{n++} n==2' | sed -n 7,20p"],
    (_e, out) => console.log(out),
  );
  const etag = res.headers.get('etag') ?? '';
  const r =
    which === '304'
      ? await load({
          url: `${app.url}/api/eproto/murals/summary?board_id=${gen.bigBoardId}&perPage=1000&page=1`,
          headers: { ...H, 'if-none-match': etag },
          seconds: 8,
        })
      : await load({
          url: `${app.url}/`,
          headers: H,
          seconds: 8,
          varying:
            which === 'kanban'
              ? {
                  method: 'PATCH',
                  next: () => {
                    const id = ids[n++ % ids.length]!;
                    const s =
                      STAGES[(STAGES.indexOf(stageOf.get(id) as never) + 1) % STAGES.length]!;
                    stageOf.set(id, s);
                    return {
                      path: `/api/eproto/murals/${id}/kanban`,
                      body: JSON.stringify({ stage: s }),
                    };
                  },
                }
              : which === 'mural'
                ? {
                    method: 'GET',
                    next: () => ({ path: `/api/eproto/murals/${ids[n++ % ids.length]}` }),
                  }
                : { method: 'GET', next: () => ({ path: '/api/users/me' }) },
        });
  console.log(JSON.stringify(r));

  await c.end();
} finally {
  await app.stop();
}
