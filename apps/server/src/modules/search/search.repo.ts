import type { SearchArea } from '@eproto/domain';
import { and, desc, eq, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  boards,
  contracts,
  inventoryItems,
  murals,
  protocols,
  requests,
  serviceOrders,
  serviceTypes,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import {
  closeness,
  containsAll,
  mercosulPlate,
  plateContains,
  resembles,
  type PlateTerms,
  type SearchTerms,
} from '../../db/search-match.ts';

/** The searchable text of each table: its stored search column, GIN trigram indexed. */
export const SEARCH_DOCS = {
  murals: sql`${murals.searchText}`,
  protocols: sql`${protocols.searchText}`,
  contracts: sql`${contracts.searchText}`,
  users: sql`${users.searchText}`,
  vehicles: sql`${vehicles.searchText}`,
  inventory: sql`${inventoryItems.searchText}`,
  requests: sql`${requests.searchText}`,
  serviceOrders: sql`${serviceOrders.searchText}`,
};

/** What one search compares: the terms, and the plate forms when the text could be a plate. */
export interface SearchInput extends SearchTerms {
  plate: PlateTerms | null;
}

// The same expression as the unique index vehicles_placa_mercosul_idx.
const MERCOSUL_PLATE = mercosulPlate(vehicles.placa);

/** How an area matches and orders: the condition and the ORDER BY of its query. */
interface Matcher {
  match: (t: SearchInput) => SQL | undefined;
  order: (t: SearchInput) => SQL[];
}

/** Records found by words or by their number ("#123"); the typed number first, then `recent`. */
function byTextOrNumber(doc: SQL, id: SQL, recent: SQL[]): Matcher {
  return {
    match: (t) => or(containsAll(doc, t.words), t.number ? sql`${id} = ${t.number}` : undefined),
    order: (t) => [...(t.number ? [sql`(${id} = ${t.number}) desc`] : []), ...recent],
  };
}

/** Records found by words only, newest `recent` first. */
function byText(doc: SQL, recent: SQL[]): Matcher {
  return { match: (t) => containsAll(doc, t.words), order: () => recent };
}

/**
 * Names: words contained, or close to the whole text (typo tolerance). Each way finds its own
 * candidates on the GIN index and checks only its own condition: ORed in one condition, the
 * index's candidates for the words ("carga" of "carga 42": 1,986 people) were all checked for
 * the similarity too (word_similarity, ~10 µs each).
 */
function nameMatch(table: PgTable, id: SQL, doc: SQL, t: SearchInput): SQL {
  const contained = containsAll(doc, t.words);
  const close = resembles(doc, t.text);
  return sql`${id} in (${contained ? sql`select ${id} from ${table} where ${contained} union all ` : sql``}select ${id} from ${table} where ${close})`;
}

/** Names, closest first. */
function byName(table: PgTable, id: SQL, doc: SQL, then: SQL[]): Matcher {
  return {
    match: (t) => nameMatch(table, id, doc, t),
    order: (t) => [desc(closeness(doc, t.text)), ...then],
  };
}

/**
 * One area of the search: its table, the fields it answers and its matcher. The area's rows are
 * matched, ordered and limited on its own table; `join` (tables the fields read, by a not-null
 * foreign key, so it drops no row) is joined to those few rows only.
 */
interface AreaSource<F extends string> extends Matcher {
  table: PgTable;
  join?: SQL;
  id: SQL;
  /** Answered as text, in this order. */
  fields: Record<F, SQL>;
  /** Always part of the condition (e.g. active people only). */
  where?: SQL;
}

const area = <F extends string>(s: AreaSource<F>) => s;

/**
 * Every area of the global search in one table: adding an area is one entry here (and its
 * presentation in search.service.ts). Each is matched on its indexed document (SEARCH_DOCS).
 */
export const SEARCH_SOURCES = {
  demandas: area({
    table: murals,
    join: sql`inner join ${boards} on ${eq(boards.id, murals.boardId)}`,
    id: sql`${murals.id}`,
    fields: {
      titulo: sql`${murals.titulo}`,
      stage: sql`${murals.stage}`,
      board: sql`${boards.nome}`,
    },
    ...byTextOrNumber(SEARCH_DOCS.murals, sql`${murals.id}`, [
      desc(murals.updatedAt),
      desc(murals.id),
    ]),
  }),
  tarefas: area({
    table: protocols,
    join: sql`inner join ${murals} on ${eq(murals.id, protocols.muralId)}`,
    id: sql`${protocols.id}`,
    fields: {
      titulo: sql`${protocols.titulo}`,
      stage: sql`${protocols.stage}`,
      mural: sql`${murals.titulo}`,
    },
    ...byTextOrNumber(SEARCH_DOCS.protocols, sql`${protocols.id}`, [
      desc(protocols.updatedAt),
      desc(protocols.id),
    ]),
  }),
  ordens_servico: area({
    table: serviceOrders,
    join: sql`inner join ${serviceTypes} on ${eq(serviceTypes.id, serviceOrders.serviceTypeId)}`,
    id: sql`${serviceOrders.id}`,
    fields: {
      codigo: sql`${serviceOrders.codigo}`,
      local: sql`${serviceOrders.local}`,
      status: sql`${serviceOrders.status}`,
      tipo: sql`${serviceTypes.nome}`,
    },
    ...byText(SEARCH_DOCS.serviceOrders, [
      desc(serviceOrders.previstoInicio),
      desc(serviceOrders.id),
    ]),
  }),
  contratos: area({
    table: contracts,
    id: sql`${contracts.id}`,
    fields: {
      codigo: sql`${contracts.codigo}`,
      nome: sql`${contracts.nome}`,
      cliente: sql`${contracts.cliente}`,
    },
    ...byName(contracts, sql`${contracts.id}`, SEARCH_DOCS.contracts, [
      sql`${contracts.nome}`,
      sql`${contracts.id}`,
    ]),
  }),
  pessoas: area({
    table: users,
    id: sql`${users.id}`,
    fields: { nome: sql`${users.nome}`, email: sql`${users.email}`, role: sql`${users.role}` },
    where: eq(users.active, true),
    ...byName(users, sql`${users.id}`, SEARCH_DOCS.users, [sql`${users.nome}`, sql`${users.id}`]),
  }),
  veiculos: area({
    table: vehicles,
    id: sql`${vehicles.id}`,
    fields: {
      placa: sql`${vehicles.placa}`,
      modelo: sql`${vehicles.modelo}`,
      marca: sql`${vehicles.marca}`,
    },
    // A plate typed with one wrong character still finds it (7 characters: one typo keeps
    // about half of the trigrams).
    match: (t) =>
      or(
        nameMatch(vehicles, sql`${vehicles.id}`, SEARCH_DOCS.vehicles, t),
        t.plate
          ? or(
              plateContains(vehicles.placa, t.plate),
              sql`similarity(${MERCOSUL_PLATE}, ${t.plate.mercosul}) >= 0.45`,
            )
          : undefined,
      ),
    order: (t) => [
      desc(
        t.plate
          ? sql`similarity(${MERCOSUL_PLATE}, ${t.plate.mercosul})`
          : closeness(SEARCH_DOCS.vehicles, t.text),
      ),
      sql`${vehicles.placa}`,
    ],
  }),
  inventario: area({
    table: inventoryItems,
    id: sql`${inventoryItems.id}`,
    fields: {
      codigo: sql`${inventoryItems.codigo}`,
      nome: sql`${inventoryItems.nome}`,
      categoria: sql`${inventoryItems.categoria}`,
      localizacao: sql`${inventoryItems.localizacao}`,
    },
    ...byName(inventoryItems, sql`${inventoryItems.id}`, SEARCH_DOCS.inventory, [
      sql`${inventoryItems.nome}`,
      sql`${inventoryItems.id}`,
    ]),
  }),
  solicitacoes: area({
    table: requests,
    id: sql`${requests.id}`,
    fields: {
      tipo: sql`${requests.tipo}`,
      descricao: sql`${requests.descricao}`,
      status: sql`${requests.status}`,
    },
    ...byTextOrNumber(SEARCH_DOCS.requests, sql`${requests.id}`, [
      desc(requests.createdAt),
      desc(requests.id),
    ]),
  }),
} satisfies Record<SearchArea, AreaSource<string>>;

type Sources = typeof SEARCH_SOURCES;
/** The row of an area: its id and its fields (text). */
export type AreaRow<A extends SearchArea> = { id: number } & {
  [K in keyof Sources[A]['fields']]: string;
};

/** One area to search: the caller's scope in it (undefined: everything) and how many rows. */
export interface AreaPlan {
  area: SearchArea;
  scope: SQL | undefined;
  limit: number;
}

const MAX_FIELDS = Math.max(
  ...Object.values(SEARCH_SOURCES).map((s) => Object.keys(s.fields).length),
);

/**
 * The query of one area: `area, id, f0..fN` (fields as text, missing ones null), ordered,
 * limited. The inner select matches, orders and limits the area's table; it is named like the
 * table, so the fields and the order (repeated for the joined rows) read its columns.
 */
function areaQuery(plan: AreaPlan, t: SearchInput): SQL {
  const src: AreaSource<string> = SEARCH_SOURCES[plan.area];
  const values = Object.values(src.fields);
  const columns = Array.from(
    { length: MAX_FIELDS },
    (_, i) =>
      sql`${values[i] ? sql`(${values[i]})::text` : sql`null::text`} as ${sql.identifier(`f${i}`)}`,
  );
  const where = and(src.where, plan.scope, src.match(t)) ?? sql`true`;
  const order = sql.join(src.order(t), sql`, `);
  const name = sql.identifier(getTableName(src.table));
  return sql`(select ${plan.area}::text as area, ${src.id} as id, ${sql.join(columns, sql`, `)}
    from (select ${name}.* from ${src.table} where ${where} order by ${order} limit ${plan.limit}) as ${name}
    ${src.join ?? sql``} order by ${order})`;
}

/** The whole search: one ordered, limited query per planned area, as one UNION ALL. */
export function searchStatement(plans: AreaPlan[], t: SearchInput): SQL {
  return sql.join(
    plans.map((p) => areaQuery(p, t)),
    sql` union all `,
  );
}

/**
 * Runs `fn` in its own transaction with the search statement's settings: sequential scans off
 * (SET LOCAL ends with the transaction, also behind PgBouncer in transaction mode). Every area
 * has an index-driven path (the search column's GIN index, or an index in its order), but the
 * planner prices pg_trgm's per-row work (word_similarity, `<%`) as one cheap operator and picked
 * sequential scans over 2,000 people (20-50 ms at 10×) instead of the index (0.1 ms).
 */
export function inSearchTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return fn(tx);
  });
}

/**
 * The plan of the search statement as it runs (EXPLAIN, costs off), one node a line; with
 * `analyze`, run for real with the pages each node read (`Buffers:`), without timings.
 */
export async function explainSearch(
  db: DbOrTx,
  plans: AreaPlan[],
  t: SearchInput,
  { analyze = false } = {},
) {
  const options = analyze
    ? sql`analyze, buffers, costs off, timing off, summary off`
    : sql`costs off`;
  return inSearchTransaction(db, async (tx) => {
    const res = await tx.execute(sql`explain (${options}) ${searchStatement(plans, t)}`);
    return res.rows.map((r) => Object.values(r).join(' ')).join('\n');
  });
}

/** Read-only queries of the global search; every caller passes the scope of the module that owns the table. */
export function createSearchRepo(db: DbOrTx) {
  return {
    /**
     * Every planned area in one statement (UNION ALL of one ordered, limited query per area):
     * one pooled connection per search, each area on its own index.
     */
    async search(plans: AreaPlan[], t: SearchInput) {
      const found = new Map<SearchArea, Array<Record<string, unknown>>>();
      if (plans.length === 0) return found;
      const res = await inSearchTransaction(db, (tx) =>
        tx.execute<Record<string, unknown> & { area: SearchArea; id: number }>(
          searchStatement(plans, t),
        ),
      );
      for (const row of res.rows) {
        const names = Object.keys(SEARCH_SOURCES[row.area].fields);
        const item: Record<string, unknown> = { id: row.id };
        names.forEach((name, i) => (item[name] = row[`f${i}`]));
        const list = found.get(row.area) ?? [];
        list.push(item);
        found.set(row.area, list);
      }
      return found;
    },
  };
}

/** The rows of one area from a search answer, typed. */
export function rowsOf<A extends SearchArea>(
  found: Map<SearchArea, Array<Record<string, unknown>>>,
  a: A,
): Array<AreaRow<A>> {
  return (found.get(a) ?? []) as Array<AreaRow<A>>;
}
