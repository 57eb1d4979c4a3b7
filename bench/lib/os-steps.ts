// The OS step write of bench/load.ts: technicians of the generated company pausing and resuming
// their OSs in execution (POST /api/tatico/os/{id}/etapas), the step a phone sends most often
// during a visit. Setup signs in as the people with the most open OSs who may use the agenda,
// each with their own session, and checks in (aberta -> em_execucao) OS_COUNT of their OSs
// through the API (those whose type asks for an approved work permit refuse it: left out).
import pg from 'pg';
import { databaseUrl } from './generate.ts';
import type { VaryingRequest } from './load.ts';
import { signIn } from './servers.ts';

/** OSs cycled through: four times the 50 connections, so no OS has two steps in flight. */
const OS_COUNT = 200;
const H = { 'x-requested-with': 'eproto', 'content-type': 'application/json' };

export interface OsSteps {
  people: number;
  osCount: number;
  /** Next step for each OS in turn, as its technician: pausar in execution, retomar paused. */
  varying: VaryingRequest;
}

export async function prepareOsSteps(url: string, dataDir: string): Promise<OsSteps> {
  const c = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await c.connect();
  let candidates: { email: string; ids: number[] }[];
  try {
    candidates = (
      await c.query<{ email: string; ids: number[] }>(
        `select u.email, array_agg(o.id order by o.id) as ids
         from service_orders o
         join service_order_people p on p.service_order_id = o.id
         join users u on u.id = p.user_id
         where o.status = 'aberta' and u.active
         group by u.email order by count(*) desc, u.email limit 60`,
      )
    ).rows;
  } finally {
    await c.end();
  }
  const work: { id: number; headers: Record<string, string> }[] = [];
  const taken = new Set<number>();
  let people = 0;
  for (const { email, ids } of candidates) {
    if (work.length === OS_COUNT) break;
    const headers = { ...H, cookie: await signIn(url, email) };
    let mine = 0;
    for (const id of ids) {
      if (work.length === OS_COUNT) break;
      if (taken.has(id)) continue; // on two people's teams: one of them steps it
      const r = await fetch(`${url}/api/tatico/os/${id}/etapas`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ acao: 'check_in' }),
      });
      if (r.status === 403) break; // a role without the agenda
      if (r.status === 409) continue; // needs a work permit, or already in execution
      if (!r.ok) throw new Error(`check-in da OS ${id} falhou: ${r.status} ${await r.text()}`);
      taken.add(id);
      work.push({ id, headers });
      mine++;
    }
    if (mine > 0) people++;
  }
  if (work.length < 100) throw new Error(`só ${work.length} OSs em execução para as etapas`);
  const paused = new Set<number>();
  let n = 0;
  return {
    people,
    osCount: work.length,
    varying: {
      method: 'POST',
      next: () => {
        const { id, headers } = work[n++ % work.length]!;
        const acao = paused.has(id) ? 'retomar' : 'pausar';
        if (acao === 'pausar') paused.add(id);
        else paused.delete(id);
        return { path: `/api/tatico/os/${id}/etapas`, body: JSON.stringify({ acao }), headers };
      },
    },
  };
}
