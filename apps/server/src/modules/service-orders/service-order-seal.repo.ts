import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  inventoryItems,
  serviceOrderAnswers,
  serviceOrderEvents,
  serviceOrderMaterials,
  serviceOrderPeople,
  serviceOrderPhotos,
  serviceOrders,
  serviceTypeItems,
  serviceTypes,
  users,
} from '../../db/schema/index.ts';
import { queryAll } from '../../db/query-all.ts';

/** The rows an OS's sealed content is made of (the transaction's view when given). */
export async function sealRows(db: DbOrTx, osId: number) {
  const [o] = await db
    .select({
      o: serviceOrders,
      contractCodigo: contracts.codigo,
      contractNome: contracts.nome,
      tipo: serviceTypes.nome,
    })
    .from(serviceOrders)
    .innerJoin(contracts, eq(contracts.id, serviceOrders.contractId))
    .innerJoin(serviceTypes, eq(serviceTypes.id, serviceOrders.serviceTypeId))
    .where(eq(serviceOrders.id, osId))
    .limit(1);
  if (!o) return null;
  const [team, events, answers, photos, materials] = await queryAll(db, [
    () =>
      db
        .select({ p: serviceOrderPeople, nome: users.nome })
        .from(serviceOrderPeople)
        .innerJoin(users, eq(users.id, serviceOrderPeople.userId))
        .where(eq(serviceOrderPeople.serviceOrderId, osId))
        .orderBy(asc(serviceOrderPeople.id)),
    () =>
      db
        .select()
        .from(serviceOrderEvents)
        .where(eq(serviceOrderEvents.serviceOrderId, osId))
        .orderBy(asc(serviceOrderEvents.id)),
    () =>
      db
        .select({ a: serviceOrderAnswers, titulo: serviceTypeItems.titulo })
        .from(serviceOrderAnswers)
        .innerJoin(serviceTypeItems, eq(serviceTypeItems.id, serviceOrderAnswers.itemId))
        .where(eq(serviceOrderAnswers.serviceOrderId, osId))
        .orderBy(asc(serviceOrderAnswers.itemId)),
    () =>
      db
        .select()
        .from(serviceOrderPhotos)
        .where(eq(serviceOrderPhotos.serviceOrderId, osId))
        .orderBy(asc(serviceOrderPhotos.id)),
    () =>
      db
        .select({
          m: serviceOrderMaterials,
          codigo: inventoryItems.codigo,
          nome: inventoryItems.nome,
        })
        .from(serviceOrderMaterials)
        .innerJoin(inventoryItems, eq(inventoryItems.id, serviceOrderMaterials.itemId))
        .where(
          and(
            eq(serviceOrderMaterials.serviceOrderId, osId),
            isNull(serviceOrderMaterials.estornadoEm),
          ),
        )
        .orderBy(asc(serviceOrderMaterials.id)),
  ]);
  return { o, team, events, answers, photos, materials };
}

/** The stored seal (hash, or null when not sealed) of each of the OSs `ids` that exists. */
export async function storedSeals(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: serviceOrders.id, selo: serviceOrders.selo })
    .from(serviceOrders)
    .where(inArray(serviceOrders.id, ids));
}
