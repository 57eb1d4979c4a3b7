import { formatPlate, REQUEST_TYPE_LABELS } from '@eproto/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  boards,
  contracts,
  murals,
  protocols,
  requests,
  supportTickets,
  users,
  vehicles,
} from '../../db/schema/index.ts';

/** How one kind of object is named in the log: by its ids, to a "resource:id" → name map. */
type Namer = (db: DbOrTx, ids: number[]) => Promise<Array<[number, string]>>;

export const NAMERS: Record<string, Namer> = {
  users: async (db, ids) =>
    (
      await db.select({ id: users.id, n: users.nome }).from(users).where(inArray(users.id, ids))
    ).map((r) => [r.id, r.n]),
  murals: async (db, ids) =>
    (
      await db
        .select({ id: murals.id, n: murals.titulo })
        .from(murals)
        .where(inArray(murals.id, ids))
    ).map((r) => [r.id, `#${r.id} ${r.n}`]),
  protocols: async (db, ids) =>
    (
      await db
        .select({ id: protocols.id, n: protocols.titulo })
        .from(protocols)
        .where(inArray(protocols.id, ids))
    ).map((r) => [r.id, `#${r.id} ${r.n}`]),
  boards: async (db, ids) =>
    (
      await db.select({ id: boards.id, n: boards.nome }).from(boards).where(inArray(boards.id, ids))
    ).map((r) => [r.id, r.n]),
  contracts: async (db, ids) =>
    (
      await db
        .select({ id: contracts.id, c: contracts.codigo, n: contracts.nome })
        .from(contracts)
        .where(inArray(contracts.id, ids))
    ).map((r) => [r.id, `${r.c} ${r.n}`]),
  support: async (db, ids) =>
    (
      await db
        .select({ id: supportTickets.id, n: supportTickets.assunto })
        .from(supportTickets)
        .where(inArray(supportTickets.id, ids))
    ).map((r) => [r.id, `#${r.id} ${r.n}`]),
  solicitacoes: async (db, ids) =>
    (
      await db
        .select({ id: requests.id, t: requests.tipo })
        .from(requests)
        .where(inArray(requests.id, ids))
    ).map((r) => [r.id, `#${r.id} (${REQUEST_TYPE_LABELS[r.t]})`]),
  'frota/veiculos': async (db, ids) =>
    (
      await db
        .select({ id: vehicles.id, p: vehicles.placa })
        .from(vehicles)
        .where(inArray(vehicles.id, ids))
    ).map((r) => [r.id, formatPlate(r.p)]),
};
NAMERS.tasks = NAMERS.protocols!;
NAMERS.financeiro = NAMERS.murals!;
