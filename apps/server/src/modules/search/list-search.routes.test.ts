import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  assetTypes,
  boards,
  contracts,
  inventoryItems,
  murals,
  protocols,
  requests,
  sstAprs,
  sstPts,
  supportTickets,
  vehicles,
} from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { NUMBER_OR_DATE_TEXT } from '../../../test/openapi-hostile.ts';
import { osWorld, createOs, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

/**
 * Every list's search box goes through one helper (db/search-match.ts `listSearch`) on the
 * tables' indexed `search_text`: accents and case ignored, LIKE wildcards taken literally,
 * hostile values refused with 400. One table of lists, the same checks for each.
 */

let t: TestApp;
let w: OsWorld;
let board: number;
let seq = 0;
const db = () => t.database.db;
const uniq = () => `${Date.now().toString(36)}${++seq}`;

type Who = 'ti' | 'coordenador' | 'diretoria' | 'financeiro' | 'gerente';

interface ListCase {
  name: string;
  who: Who;
  /** The list's URL for a search text (already encoded). */
  url: (q: string) => string;
  /** Adds a row whose searched text is `text`; answers its id. */
  seed: (text: string) => Promise<number>;
  /** The ids the list answered. */
  ids?: (body: unknown) => number[];
}

const itemsOf = (body: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(body) ? body : (body as { items: unknown[] }).items) as Array<
    Record<string, unknown>
  >;
const idsOf = (body: unknown) => itemsOf(body).map((r) => Number(r.id));

async function newMural(titulo: string, extra: Partial<typeof murals.$inferInsert> = {}) {
  const [row] = await db()
    .insert(murals)
    .values({ boardId: board, titulo, createdBy: w.s.diretoria.id, ...extra })
    .returning({ id: murals.id });
  return row!.id;
}

async function newUser(nome: string) {
  return (await createUser(t, { nome, role: 'Equipe', email: `${uniq()}@busca.test` })).id;
}

async function newApr(atividade: string) {
  const [row] = await db()
    .insert(sstAprs)
    .values({ atividade, etapas: [], responsavelId: w.s.coordenador.id })
    .returning({ id: sstAprs.id });
  return row!.id;
}

const LISTS: ListCase[] = [
  {
    name: 'demandas (/eproto/murals/summary)',
    who: 'diretoria',
    url: (q) => `/api/eproto/murals/summary?q=${q}&perPage=100`,
    seed: (text) => newMural(text),
  },
  {
    name: 'tarefas (/eproto/protocols)',
    who: 'diretoria',
    url: (q) => `/api/eproto/protocols?q=${q}&perPage=100`,
    seed: async (text) => {
      const muralId = await newMural(`Demanda ${uniq()}`);
      const [row] = await db()
        .insert(protocols)
        .values({ muralId, titulo: text, createdBy: w.s.diretoria.id })
        .returning({ id: protocols.id });
      return row!.id;
    },
  },
  {
    name: 'ordens de serviço (/tatico/os)',
    who: 'coordenador',
    url: (q) => `/api/tatico/os?q=${q}&perPage=100`,
    seed: async (text) => (await createOs(t, w, { local: text })).id,
  },
  {
    name: 'financeiro (/eproto/financeiro/murals)',
    who: 'financeiro',
    url: (q) => `/api/eproto/financeiro/murals?q=${q}&perPage=100`,
    seed: (text) =>
      newMural(text, { financeStatus: 'enviado', financeSentAt: new Date(), stage: 'concluido' }),
  },
  {
    name: 'contratos (/eproto/contracts)',
    who: 'diretoria',
    url: (q) => `/api/eproto/contracts?q=${q}`,
    seed: async (text) => {
      const [row] = await db()
        .insert(contracts)
        .values({ codigo: `C-${uniq()}`, nome: text, cliente: 'Cliente da busca' })
        .returning({ id: contracts.id });
      return row!.id;
    },
  },
  {
    name: 'pessoas do seletor (/eproto/users/search)',
    who: 'gerente',
    url: (q) => `/api/eproto/users/search?q=${q}&limit=50`,
    seed: newUser,
  },
  {
    name: 'colaboradores das fichas de EPI (/tatico/pessoas)',
    // A role that sees every contract: the people seeded here share no contract with anyone,
    // and /tatico/pessoas lists a coordinator only their contracts' people (474f45d).
    who: 'diretoria',
    url: (q) => `/api/tatico/pessoas?q=${q}`,
    seed: newUser,
  },
  {
    name: 'usuários (/users)',
    who: 'ti',
    url: (q) => `/api/users?search=${q}&perPage=100`,
    seed: newUser,
  },
  {
    name: 'veículos (/tatico/frota/veiculos)',
    who: 'coordenador',
    url: (q) => `/api/tatico/frota/veiculos?q=${q}`,
    seed: async (text) => {
      const [row] = await db()
        .insert(vehicles)
        .values({
          placa: `ZZ${String(seq++).padStart(5, '0')}`,
          modelo: text,
          marca: 'Fiat',
          ano: 2022,
        })
        .returning({ id: vehicles.id });
      return row!.id;
    },
    ids: (body) => itemsOf(body).map((r) => Number(r.id ?? (r.vehicle as { id: number }).id)),
  },
  {
    name: 'inventário (/tatico/inventario/itens)',
    who: 'coordenador',
    url: (q) => `/api/tatico/inventario/itens?q=${q}`,
    seed: async (text) => {
      const [row] = await db()
        .insert(inventoryItems)
        .values({
          natureza: 'consumivel',
          codigo: `I-${uniq()}`,
          nome: text,
          categoria: 'Elétrica',
          localizacao: 'Almoxarifado',
        })
        .returning({ id: inventoryItems.id });
      return row!.id;
    },
  },
  {
    name: 'solicitações (/solicitacoes)',
    who: 'diretoria',
    url: (q) => `/api/solicitacoes?q=${q}`,
    seed: async (text) => {
      const [row] = await db()
        .insert(requests)
        .values({
          tipo: 'material',
          descricao: text,
          urgencia: 'media',
          requesterId: w.s.equipe.id,
        })
        .returning({ id: requests.id });
      return row!.id;
    },
  },
  {
    name: 'chamados de suporte (/support/tickets)',
    who: 'ti',
    url: (q) => `/api/support/tickets?search=${q}&perPage=50`,
    seed: async (text) => {
      const [row] = await db()
        .insert(supportTickets)
        .values({
          assunto: text,
          descricao: 'Detalhes do chamado',
          categoria: 'outro',
          prioridade: 'media',
          openedBy: w.s.gerente.id,
        })
        .returning({ id: supportTickets.id });
      return row!.id;
    },
  },
  {
    name: 'APRs (/tatico/sst/aprs)',
    who: 'diretoria',
    url: (q) => `/api/tatico/sst/aprs?busca=${q}&perPage=100`,
    seed: newApr,
  },
  {
    name: 'PTs (/tatico/sst/pts, pela APR)',
    who: 'diretoria',
    url: (q) => `/api/tatico/sst/pts?busca=${q}&perPage=100`,
    seed: async (text) => {
      const aprId = await newApr(text);
      const [row] = await db()
        .insert(sstPts)
        .values({
          tipo: 'altura',
          aprId,
          inicio: new Date(),
          fim: new Date(Date.now() + 3_600_000),
          medidas: ['Linha de vida'],
          responsavelId: w.s.coordenador.id,
        })
        .returning({ id: sstPts.id });
      return row!.id;
    },
  },
  {
    name: 'ativos (/tatico/ativos)',
    who: 'diretoria',
    url: (q) => `/api/tatico/ativos?q=${q}&perPage=100`,
    seed: async (text) => {
      const [type] = await db()
        .insert(assetTypes)
        .values({ nome: `Tipo ${uniq()}`, categoria: 'climatizacao' })
        .returning({ id: assetTypes.id });
      const [row] = await db()
        .insert(assets)
        .values({ contractId: w.contractA, typeId: type!.id, tag: `T-${uniq()}`, descricao: text })
        .returning({ id: assets.id });
      return row!.id;
    },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  const [b] = await db().insert(boards).values({ nome: 'Quadro da busca' }).returning();
  board = b!.id;
});
afterAll(async () => t.close());

describe.each(LISTS)('search box of $name', (list) => {
  const call = async (q: string) => {
    const c = client(t, w.s[list.who].cookie);
    return c.get(list.url(encodeURIComponent(q)));
  };
  const found = async (q: string) => {
    const res = await call(q);
    expect(res.statusCode, res.body).toBe(200);
    return (list.ids ?? idsOf)(res.json());
  };

  it('ignores accents and case: "joao" finds "João", "SAO" finds "São"', async () => {
    const tag = `k${uniq()}`;
    const joao = await list.seed(`Visita de João ${tag}`);
    const sao = await list.seed(`Filial São Bernardo ${tag}`);
    const other = await list.seed(`Filial Campinas ${tag}`);
    expect(await found(`joao ${tag}`)).toEqual([joao]);
    const bySao = await found(`SAO ${tag.toUpperCase()}`);
    expect(bySao).toContain(sao);
    expect(bySao).not.toContain(other);
    expect(bySao).not.toContain(joao);
  });

  it('takes %, _ and \\ literally', async () => {
    const tag = `w${uniq()}`;
    // Each decoy is what the wildcard would match if it were not escaped.
    const percent = await list.seed(`Desconto 100% ${tag}`);
    const percentDecoy = await list.seed(`Desconto 1000 ${tag}`);
    const under = await list.seed(`cabo_a ${tag}`);
    const underDecoy = await list.seed(`cabo a ${tag}`);
    const backslash = await list.seed(`pasta c:\\obras ${tag}`);
    const backslashDecoy = await list.seed(`pasta c:obras ${tag}`);
    expect(await found(`100% ${tag}`)).toEqual([percent]);
    expect(await found(`% ${tag}`)).toEqual([percent]);
    expect(await found(`o_a ${tag}`)).toEqual([under]);
    expect(await found(`c:\\obras ${tag}`)).toEqual([backslash]);
    const all = [percent, percentDecoy, under, underDecoy, backslash, backslashDecoy];
    expect((await found(tag)).sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b));
  });

  it('answers 400, never 500, to hostile values', async () => {
    for (const q of ['\u0000', 'a\u0000b', 'x'.repeat(5000)]) {
      const res = await call(q);
      expect(res.statusCode, `${JSON.stringify(q.slice(0, 10))}: ${res.body}`).toBe(400);
    }
    // Text a service might read as a number or a date is searched as text.
    for (const q of [...NUMBER_OR_DATE_TEXT, "'; drop table users; --"]) {
      const res = await call(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
  });
});

describe('the search index serves a list search on a big table', () => {
  it('reads demands through murals_search_idx (EXPLAIN)', async () => {
    // 20,000 demands (a big company's years of work), none about a façade.
    await db().execute(sql`insert into ${murals} (board_id, titulo, descricao, created_by)
      select ${board}, 'Manutenção preventiva ' || g, 'Bloco ' || (g % 50), ${w.s.diretoria.id}
      from generate_series(1, 20000) g`);
    await t.database.pool.query('analyze murals');
    const where = listSearch('Fachada São João', [murals.searchText], { id: murals.id })!;
    const plan = await db().execute(
      sql`explain (costs off) select ${murals.id} from ${murals} where ${where}`,
    );
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toContain('murals_search_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });
});
