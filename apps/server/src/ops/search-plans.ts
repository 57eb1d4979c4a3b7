// The global search's statement for the searches of bench/search.ts, built by the search service
// (each user's scopes) and run with EXPLAIN (ANALYZE, BUFFERS) in the search's own transaction
// settings, against the database of DATABASE_URL (e.g. a copy of a bench company started by hand).
// Prints, per search, execution and planning ms and the time of each area (in SEARCH_AREAS
// order); the minimum of RUNS runs (default 3). USERS picks the e-mails, QUERY one search,
// VERBOSE=1 prints the plans.
import { roleOf } from '@eproto/domain';
import { eq, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createChatFilesService } from '../modules/chat/chat-files.service.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { createRequestsService } from '../modules/requests/requests.service.ts';
import { inSearchTransaction, searchStatement } from '../modules/search/search.repo.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { QUERIES } from './search-bench-queries.ts';

interface PlanNode {
  'Actual Total Time': number;
  'Node Type': string;
  Plans?: PlanNode[];
}
interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database to explain against');
const RUNS = Number(process.env.RUNS ?? 3);
const database = openDatabase(url, 2);
const { db } = database;
// Only the database is used: the areas' scope rules read it, nothing is written or published.
const deps = { database } as unknown as ServiceDeps;
const service = createSearchService(deps, {
  chat: createChatService(deps, { files: createChatFilesService(deps) }),
  requests: createRequestsService(deps),
});

async function explain(statement: Awaited<ReturnType<typeof service.statement>>) {
  return inSearchTransaction(db, async (tx) => {
    const stmt = searchStatement(statement.plans, statement.terms);
    if (process.env.VERBOSE) {
      const text = await tx.execute(sql`explain (analyze, buffers) ${stmt}`);
      console.log(text.rows.map((r) => Object.values(r).join(' ')).join('\n'));
    }
    const res = await tx.execute<{ 'QUERY PLAN': Explained[] }>(
      sql`explain (analyze, buffers, format json) ${stmt}`,
    );
    return res.rows[0]!['QUERY PLAN'][0]!;
  });
}

const total = (p: Explained) => p['Execution Time'] + p['Planning Time'];
const emails = (process.env.USERS ?? 'gerente@eproto.test,diretor@eproto.test').split(',');
try {
  for (const email of emails) {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`${email}: not in this database`);
    const who = { ...u, rawType: u.role, type: roleOf(u.role), sessionId: 0 };
    let exec = 0;
    let plan = 0;
    console.log(`# ${email}`);
    for (const q of process.env.QUERY ? [process.env.QUERY] : QUERIES) {
      const statement = await service.statement(who, q, 5);
      let best: Explained | null = null;
      for (let r = 0; r < RUNS; r++) {
        const p = await explain(statement);
        if (!best || total(p) < total(best)) best = p;
      }
      const b = best!;
      exec += b['Execution Time'];
      plan += b['Planning Time'];
      const top = b.Plan['Node Type'] === 'Append' ? (b.Plan.Plans ?? []) : [b.Plan];
      const areas = statement.plans.map(
        (a, i) => `${a.area} ${top[i]?.['Actual Total Time'].toFixed(2)}`,
      );
      console.log(
        `${q.padEnd(26)} exec ${b['Execution Time'].toFixed(2).padStart(7)} plan ${b['Planning Time'].toFixed(2).padStart(6)}  ${areas.join(' ')}`,
      );
    }
    console.log(`Sum of ${email}: exec ${exec.toFixed(1)} ms, plan ${plan.toFixed(1)} ms`);
  }
} finally {
  await database.close();
}
