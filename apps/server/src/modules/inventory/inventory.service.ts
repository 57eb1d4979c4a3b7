import {
  applyMovement,
  can,
  type FieldAlert,
  type inventoryItemBody,
  type InventoryListChanges,
  type inventoryItemPatchBody,
  ITEM_NATURE_LABELS,
  ITEM_STATE_LABELS,
  type ItemNature,
  MOVEMENT_TYPE_LABELS,
  type movementBody,
  quantityOf,
  type Role,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertActivePerson } from '../users/people.ts';
import { exportList, type SheetColumn } from '../../lib/export/spreadsheet.ts';
import { toItem, toMovement } from './inventory.mapper.ts';
import { createInventoryRepo, type ItemVersion } from './inventory.repo.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';

type ListQuery = { natureza?: ItemNature; q?: string; abaixo_minimo?: 'true' | 'false' };

type Actor = { id: number; type: Role };

/** Inventory rules: items, movements that never leave negative stock, alerts and exports. */
export function createInventoryService(deps: Pick<ServiceDeps, 'database' | 'events'>) {
  const db = deps.database.db;
  const repo = createInventoryRepo(db);
  /**
   * After a write's commit: 'inventory.changed' with the item's new `updated_at` as `version`
   * (the item lists ask `/itens/changes` since it; an item page holding it asks nothing).
   */
  const changed = (v: ItemVersion) =>
    deps.events.publish({
      type: RT_EVENTS.inventoryChanged,
      id: v.id,
      version: v.updatedAt.toISOString(),
      data: { id: v.id },
    });

  const filterOf = (f: ListQuery) => ({
    natureza: f.natureza,
    q: f.q,
    belowMinimum: f.abaixo_minimo === 'true',
  });

  return {
    async list(f: ListQuery) {
      const rows = await repo.list(filterOf(f));
      return { items: rows.map((r) => toItem(r.item, r.holderNome)) };
    },

    /**
     * What changed in the list since `updated_since`: its ids now (in its order), the items of
     * it changed since, the total and the cursor to ask from next.
     */
    async listChanges(f: ListQuery & { updated_since: string }): Promise<InventoryListChanges> {
      const cursor = nextSyncCursor();
      const ids = await repo.ids(filterOf(f));
      const rows = ids.length === 0 ? [] : await repo.list(filterOf(f), new Date(f.updated_since));
      const items = rows.map((r) => toItem(r.item, r.holderNome));
      return { items, ids, total: ids.length, cursor };
    },

    async get(id: number) {
      const row = await repo.byId(id);
      if (!row) throw notFound('Item');
      const movements = await repo.movements({ itemId: id, limit: 200 });
      return { item: toItem(row.item, row.holderNome), movements: movements.map(toMovement) };
    },

    async create(actor: Actor, body: z.output<typeof inventoryItemBody>) {
      const duplicate = `Já existe um item com o código ${body.codigo}.`;
      const write = () =>
        db.transaction(async (tx) => {
          const r = createInventoryRepo(tx);
          if (await r.byCode(body.codigo)) throw new AppError('CONFLICT', duplicate, 'codigo');
          const base = {
            natureza: body.natureza,
            codigo: body.codigo,
            nome: body.nome,
            categoria: body.categoria,
            localizacao: body.localizacao,
          };
          let quantidade: number;
          let item;
          if (body.natureza === 'patrimonio') {
            if (body.responsavel_id !== null) {
              await assertActivePerson(tx, body.responsavel_id, 'responsavel_id', 'Responsável');
            }
            quantidade = 1;
            item = await r.insert({
              ...base,
              estado: body.estado,
              responsavelId: body.responsavel_id,
              unidade: 'un',
              quantidade,
            });
          } else {
            quantidade = body.quantidade_inicial;
            item = await r.insert({
              ...base,
              unidade: body.unidade,
              quantidade,
              estoqueMinimo: body.estoque_minimo,
              custoUnitario: body.custo_unitario,
            });
          }
          if (quantidade > 0) {
            await r.insertMovement({
              itemId: item.id,
              tipo: 'entrada',
              quantidade,
              saldoApos: quantidade,
              destinoLocalizacao: item.localizacao,
              responsavelNovoId: item.responsavelId,
              motivo: 'Cadastro do item',
              userId: actor.id,
            });
          }
          return item;
        });
      const item = await conflictOnDuplicate(write, duplicate, 'codigo');
      await changed(item);
      return this.get(item.id);
    },

    async update(id: number, body: z.output<typeof inventoryItemPatchBody>) {
      const saved = await db.transaction(async (tx) => {
        const r = createInventoryRepo(tx);
        const item = await r.lock(id);
        if (!item) throw notFound('Item');
        if (item.estado === 'baixado') {
          throw new AppError('CONFLICT', 'Item baixado não pode ser alterado.');
        }
        if (item.natureza === 'consumivel' && body.estado !== undefined) {
          throw new AppError('VALIDATION', 'Consumíveis não têm estado de conservação.', 'estado');
        }
        if (
          item.natureza === 'patrimonio' &&
          (body.estoque_minimo !== undefined || body.unidade !== undefined)
        ) {
          throw new AppError(
            'VALIDATION',
            'Itens de patrimônio não têm unidade nem estoque mínimo.',
            'estoque_minimo',
          );
        }
        // A tool is not consumed by an OS: only consumables carry a unit cost.
        if (item.natureza === 'patrimonio' && body.custo_unitario !== undefined) {
          throw new AppError(
            'VALIDATION',
            'Itens de patrimônio não têm custo unitário: só consumíveis são gastos nas OSs.',
            'custo_unitario',
          );
        }
        return r.update(id, {
          nome: body.nome,
          categoria: body.categoria,
          estado: body.estado,
          unidade: body.unidade,
          estoqueMinimo: body.estoque_minimo,
          custoUnitario: body.custo_unitario,
        });
      });
      await changed(saved);
      return this.get(id);
    },

    /**
     * Records a movement under a row lock: two concurrent saídas queue on the lock and the
     * second sees the first one's balance, so the stock can never go below zero.
     */
    async move(actor: Actor, id: number, body: z.output<typeof movementBody>) {
      const { saved } = await db.transaction((tx) => this.moveIn(tx, actor, id, body));
      await changed(saved);
      return this.get(id);
    },

    /**
     * The same movement inside the caller's transaction (materials of a service order: the
     * saída is charged to `link.contractId` and names `link.serviceOrderId`). Returns the
     * movement, the item as it was and its new version (`saved`): the caller publishes
     * `changed(saved)` after the commit.
     */
    async moveIn(
      tx: DbOrTx,
      actor: Actor,
      id: number,
      body: z.output<typeof movementBody>,
      link: { contractId: number; serviceOrderId: number } | null = null,
    ) {
      if (body.tipo === 'baixa' && !can(actor, 'inventory.writeoff')) {
        throw new AppError('FORBIDDEN', 'Somente gerente ou diretoria podem registrar baixa.');
      }
      const r = createInventoryRepo(tx);
      const item = await r.lock(id);
      if (!item) throw notFound('Item');
      const result = applyMovement(
        {
          natureza: item.natureza,
          quantidade: item.quantidade,
          localizacao: item.localizacao,
          responsavel_id: item.responsavelId,
          estado: item.estado,
        },
        body,
      );
      if (!result.ok) throw new AppError('VALIDATION', result.error, result.field);
      const { next } = result;
      if (next.responsavel_id !== null && next.responsavel_id !== item.responsavelId) {
        await assertActivePerson(tx, next.responsavel_id, 'responsavel_id', 'Responsável');
      }
      const saved = await r.update(id, {
        quantidade: next.quantidade,
        localizacao: next.localizacao,
        responsavelId: next.responsavel_id,
        estado: next.estado,
      });
      const transfer = body.tipo === 'transferencia';
      const movement = await r.insertMovement({
        itemId: id,
        tipo: body.tipo,
        quantidade: result.quantidade,
        saldoApos: next.quantidade,
        origemLocalizacao: item.localizacao,
        destinoLocalizacao: transfer ? next.localizacao : body.destino_localizacao,
        responsavelAnteriorId: item.responsavelId,
        responsavelNovoId: next.responsavel_id,
        motivo: body.motivo,
        userId: actor.id,
        contractId: link?.contractId ?? null,
        serviceOrderId: link?.serviceOrderId ?? null,
      });
      return { movement, item, saved };
    },

    changed,

    /** One keyset page, newest first; `nextBefore` is set when older movements remain. */
    async movements(f: { item_id?: number; before?: number; limit: number }) {
      // One row more than asked tells whether another page exists, without counting.
      const rows = await repo.movements({
        itemId: f.item_id,
        before: f.before,
        limit: f.limit + 1,
      });
      const page = rows.slice(0, f.limit);
      return {
        items: page.map(toMovement),
        nextBefore: rows.length > f.limit ? (page.at(-1)?.m.id ?? null) : null,
      };
    },

    /** Consumables below their minimum stock. */
    async alerts(): Promise<FieldAlert[]> {
      const rows = await repo.list({ natureza: 'consumivel', belowMinimum: true });
      return rows.map(({ item }) => ({
        key: `estoque:${item.id}`,
        kind: 'estoque_minimo',
        severity: item.quantidade === 0 ? ('vencido' as const) : ('proximo' as const),
        texto: `Estoque de ${item.nome} (${item.codigo}) abaixo do mínimo: ${item.quantidade} de ${quantityOf(item.estoqueMinimo, item.unidade)}.`,
        ref_id: item.id,
      }));
    },

    async exportItems(format: 'csv' | 'xlsx') {
      const { items } = await this.list({});
      const columns: SheetColumn<(typeof items)[number]>[] = [
        { header: 'Código', width: 14, value: (i) => i.codigo },
        { header: 'Nome', width: 32, value: (i) => i.nome },
        { header: 'Natureza', width: 14, value: (i) => ITEM_NATURE_LABELS[i.natureza] },
        { header: 'Categoria', width: 18, value: (i) => i.categoria },
        { header: 'Localização', width: 22, value: (i) => i.localizacao },
        {
          header: 'Estado',
          width: 12,
          value: (i) => (i.estado ? ITEM_STATE_LABELS[i.estado] : null),
        },
        { header: 'Responsável', width: 22, value: (i) => i.responsavel?.nome ?? null },
        { header: 'Quantidade', width: 12, type: 'number', value: (i) => i.quantidade },
        { header: 'Unidade', width: 10, value: (i) => i.unidade },
        { header: 'Estoque mínimo', width: 14, type: 'number', value: (i) => i.estoque_minimo },
        {
          header: 'Custo unitário (R$)',
          width: 16,
          type: 'number',
          format: '#,##0.00',
          value: (i) => i.custo_unitario,
        },
        { header: 'Abaixo do mínimo', width: 16, value: (i) => (i.abaixo_minimo ? 'Sim' : 'Não') },
      ];
      return exportList(format, columns, items, 'Inventário');
    },

    async exportMovements(format: 'csv' | 'xlsx') {
      const { items } = await this.movements({ limit: 500 });
      const columns: SheetColumn<(typeof items)[number]>[] = [
        { header: 'Data', width: 12, type: 'date', value: (m) => m.created_at.slice(0, 10) },
        { header: 'Código', width: 14, value: (m) => m.item_codigo },
        { header: 'Item', width: 30, value: (m) => m.item_nome },
        { header: 'Tipo', width: 14, value: (m) => MOVEMENT_TYPE_LABELS[m.tipo] },
        { header: 'Quantidade', width: 12, type: 'number', value: (m) => m.quantidade },
        { header: 'Saldo após', width: 12, type: 'number', value: (m) => m.saldo_apos },
        { header: 'Origem', width: 20, value: (m) => m.origem_localizacao },
        { header: 'Destino', width: 20, value: (m) => m.destino_localizacao },
        { header: 'Responsável', width: 22, value: (m) => m.responsavel_novo?.nome ?? null },
        { header: 'Motivo', width: 30, value: (m) => m.motivo },
        { header: 'Registrado por', width: 22, value: (m) => m.usuario?.nome ?? null },
      ];
      return exportList(format, columns, items, 'Movimentações');
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
