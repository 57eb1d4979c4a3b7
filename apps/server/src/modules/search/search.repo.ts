import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
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
import { searchText } from '../../db/search-text.ts';
import { closeness, containsAll, matchesName, type SearchTerms } from '../../lib/search-match.ts';

/** The searchable text of each table: the expressions its GIN trigram index is built on. */
export const SEARCH_DOCS = {
  murals: searchText(murals.titulo, murals.descricao),
  protocols: searchText(protocols.titulo, protocols.descricao),
  contracts: searchText(contracts.codigo, contracts.nome, contracts.cliente),
  users: searchText(users.nome, users.email),
  vehicles: searchText(vehicles.placa, vehicles.modelo, vehicles.marca),
  inventory: searchText(
    inventoryItems.codigo,
    inventoryItems.nome,
    inventoryItems.categoria,
    inventoryItems.localizacao,
  ),
  requests: searchText(requests.descricao),
  serviceOrders: searchText(serviceOrders.codigo, serviceOrders.local, serviceOrders.descricao),
};

/** Words contained, or the item's number ("#123"). */
function textOrNumber(doc: SQL, idColumn: SQL, t: SearchTerms): SQL | undefined {
  return or(containsAll(doc, t.words), t.number ? sql`${idColumn} = ${t.number}` : undefined);
}

/** The item whose number was typed comes first. */
function numberFirst(idColumn: SQL, t: SearchTerms): SQL[] {
  return t.number ? [sql`(${idColumn} = ${t.number}) desc`] : [];
}

/** The plate typed in any form ("abc1d23", "ABC-1D23", old or Mercosul) against the stored one. */
export interface PlateTerms {
  /** Upper-case letters and digits only ("ABC1D23"). */
  compact: string;
  /** The Mercosul form when `compact` is a whole old plate, else `compact`. */
  mercosul: string;
}

// The same expression as the unique index vehicles_placa_mercosul_idx.
const MERCOSUL_PLATE = sql`(left(${vehicles.placa}, 4) || translate(substr(${vehicles.placa}, 5, 1), '0123456789', 'ABCDEFGHIJ') || substr(${vehicles.placa}, 6))`;

/** Read-only queries of the global search; every caller passes the scope of the module that owns the table. */
export function createSearchRepo(db: DbOrTx) {
  return {
    async murals(scope: SQL | undefined, t: SearchTerms, limit: number) {
      return db
        .select({
          id: murals.id,
          titulo: murals.titulo,
          stage: murals.stage,
          board: boards.nome,
        })
        .from(murals)
        .innerJoin(boards, eq(boards.id, murals.boardId))
        .where(and(scope, textOrNumber(SEARCH_DOCS.murals, sql`${murals.id}`, t)))
        .orderBy(...numberFirst(sql`${murals.id}`, t), desc(murals.updatedAt), desc(murals.id))
        .limit(limit);
    },

    async protocols(scope: SQL | undefined, t: SearchTerms, limit: number) {
      return db
        .select({
          id: protocols.id,
          titulo: protocols.titulo,
          stage: protocols.stage,
          mural: murals.titulo,
        })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(and(scope, textOrNumber(SEARCH_DOCS.protocols, sql`${protocols.id}`, t)))
        .orderBy(
          ...numberFirst(sql`${protocols.id}`, t),
          desc(protocols.updatedAt),
          desc(protocols.id),
        )
        .limit(limit);
    },

    async serviceOrders(scope: SQL | undefined, t: SearchTerms, limit: number) {
      return db
        .select({
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          local: serviceOrders.local,
          status: serviceOrders.status,
          tipo: serviceTypes.nome,
        })
        .from(serviceOrders)
        .innerJoin(serviceTypes, eq(serviceTypes.id, serviceOrders.serviceTypeId))
        .where(and(scope, containsAll(SEARCH_DOCS.serviceOrders, t.words)))
        .orderBy(desc(serviceOrders.previstoInicio), desc(serviceOrders.id))
        .limit(limit);
    },

    async contracts(scope: SQL | undefined, t: SearchTerms, limit: number) {
      const doc = SEARCH_DOCS.contracts;
      return db
        .select({
          id: contracts.id,
          codigo: contracts.codigo,
          nome: contracts.nome,
          cliente: contracts.cliente,
        })
        .from(contracts)
        .where(and(scope, matchesName(doc, t)))
        .orderBy(desc(closeness(doc, t.text)), contracts.nome, contracts.id)
        .limit(limit);
    },

    /** Active people whose name or e-mail matches (the caller filters who it may show). */
    async people(t: SearchTerms, limit: number) {
      const doc = SEARCH_DOCS.users;
      return db
        .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.active, true), matchesName(doc, t)))
        .orderBy(desc(closeness(doc, t.text)), users.nome, users.id)
        .limit(limit);
    },

    async vehicles(t: SearchTerms, plate: PlateTerms | null, limit: number) {
      const doc = SEARCH_DOCS.vehicles;
      // A plate typed with one wrong character still finds it (7 characters: one typo keeps
      // about half of the trigrams).
      const byPlate = plate
        ? or(
            sql`${vehicles.placa} like ${`%${plate.compact}%`}`,
            sql`${MERCOSUL_PLATE} like ${`%${plate.mercosul}%`}`,
            sql`similarity(${MERCOSUL_PLATE}, ${plate.mercosul}) >= 0.45`,
          )
        : undefined;
      const rank = plate
        ? sql`similarity(${MERCOSUL_PLATE}, ${plate.mercosul})`
        : closeness(doc, t.text);
      return db
        .select({
          id: vehicles.id,
          placa: vehicles.placa,
          modelo: vehicles.modelo,
          marca: vehicles.marca,
        })
        .from(vehicles)
        .where(or(matchesName(doc, t), byPlate))
        .orderBy(desc(rank), vehicles.placa)
        .limit(limit);
    },

    async inventory(t: SearchTerms, limit: number) {
      const doc = SEARCH_DOCS.inventory;
      return db
        .select({
          id: inventoryItems.id,
          codigo: inventoryItems.codigo,
          nome: inventoryItems.nome,
          categoria: inventoryItems.categoria,
          localizacao: inventoryItems.localizacao,
        })
        .from(inventoryItems)
        .where(matchesName(doc, t))
        .orderBy(desc(closeness(doc, t.text)), inventoryItems.nome, inventoryItems.id)
        .limit(limit);
    },

    async requests(scope: SQL | undefined, t: SearchTerms, limit: number) {
      return db
        .select({
          id: requests.id,
          tipo: requests.tipo,
          descricao: requests.descricao,
          status: requests.status,
        })
        .from(requests)
        .where(and(scope, textOrNumber(SEARCH_DOCS.requests, sql`${requests.id}`, t)))
        .orderBy(
          ...numberFirst(sql`${requests.id}`, t),
          desc(requests.createdAt),
          desc(requests.id),
        )
        .limit(limit);
    },
  };
}
