import { quantityOf, type osKmBody, type osMaterialBody } from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { VehicleVersion } from '../fleet/fleet.repo.ts';
import type { FleetService } from '../fleet/fleet.service.ts';
import type { ItemVersion } from '../inventory/inventory.repo.ts';
import type { InventoryService } from '../inventory/inventory.service.ts';
import type { OsActor } from './service-order-access.ts';
import { createOsKit, type Stamp } from './service-orders.service.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';

/**
 * What an OS consumes: materials and tools (through the inventory service: a consumable's
 * saída charged to the OS's contract, never below zero) and the vehicle's km (through the fleet
 * service: check-out at departure, check-in at return, with its rules). Each runs in one
 * transaction with the OS row locked, so a refusal leaves nothing half-written.
 */
export function createOsResourcesService(
  deps: ServiceDeps,
  { inventory, fleet }: { inventory: InventoryService; fleet: FleetService },
) {
  const kit = createOsKit(deps);
  const { db } = kit;

  return {
    async addMaterial(u: OsActor, id: number, b: z.output<typeof osMaterialBody>) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const item = await inventory.get(b.item_id).catch(() => null);
      if (!item) throw new AppError('VALIDATION', 'Item do inventário não encontrado.', 'item_id');
      // The consumable's stock moved (a tool's does not): its version, for 'inventory.changed'.
      let stock = undefined as ItemVersion | undefined;
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        if (cur.status === 'aberta') {
          throw new AppError('CONFLICT', 'Registre materiais depois de sair para o serviço.');
        }
        let movementId: number | null = null;
        if (item.item.natureza === 'consumivel') {
          const { movement, saved } = await inventory.moveIn(
            tx,
            u,
            b.item_id,
            {
              tipo: 'saida',
              quantidade: b.quantidade,
              destino_localizacao: cur.local.slice(0, 120),
              motivo: `${cur.codigo}${b.observacao ? ` — ${b.observacao}` : ''}`.slice(0, 500),
            },
            { contractId: cur.contractId, serviceOrderId: id },
          );
          movementId = movement.id;
          stock = saved;
        } else if (b.quantidade !== 1) {
          throw new AppError(
            'VALIDATION',
            'Ferramentas e equipamentos de patrimônio são registrados com quantidade 1.',
            'quantidade',
          );
        } else if (item.item.estado === 'baixado') {
          throw new AppError('VALIDATION', 'Item baixado não pode ser usado.', 'item_id');
        }
        const r = createServiceOrdersRepo(tx);
        await r.insertMaterial({
          serviceOrderId: id,
          itemId: b.item_id,
          quantidade: b.quantidade,
          observacao: b.observacao,
          movementId,
          userId: u.id,
          deviceTime,
          createdAt: now,
        });
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'material_adicionado',
          userId: u.id,
          em: now,
          deviceTime,
          texto: `${quantityOf(b.quantidade, item.item.unidade)} de ${item.item.nome} (${item.item.codigo})`,
        });
        return r.touch(id);
      });
      if (stock) await inventory.changed(stock);
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    /** Takes a material off the OS: a consumable goes back to stock by an entrada. */
    async removeMaterial(u: OsActor, id: number, materialId: number, stamp: Stamp = {}) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(stamp, now);
      let stock = undefined as ItemVersion | undefined;
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        const r = createServiceOrdersRepo(tx);
        const m = await r.material(id, materialId);
        if (!m) throw new AppError('NOT_FOUND', 'Material não encontrado nesta OS.');
        let back: number | null = null;
        if (m.movementId !== null) {
          const { movement, saved } = await inventory.moveIn(
            tx,
            u,
            m.itemId,
            {
              tipo: 'entrada',
              quantidade: m.quantidade,
              destino_localizacao: null,
              motivo: `Estorno da ${cur.codigo}`,
            },
            { contractId: cur.contractId, serviceOrderId: id },
          );
          back = movement.id;
          stock = saved;
        }
        await r.updateMaterial(materialId, {
          estornadoEm: now,
          estornoMovementId: back,
          estornadoPor: u.id,
        });
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'material_removido',
          userId: u.id,
          em: now,
          deviceTime,
          texto: `Material #${materialId} estornado`,
        });
        return r.touch(id);
      });
      if (stock) await inventory.changed(stock);
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    /**
     * Km at departure (fleet check-out, driver = caller) or return (fleet check-in). The return
     * is usually after the customer signed: it is accepted on a concluded or cancelled OS and
     * stays outside the sealed content.
     */
    async km(u: OsActor, id: number, b: z.output<typeof osKmBody>) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      let vehicle = undefined as VehicleVersion | undefined;
      const version = await db.transaction(async (tx) => {
        const cur =
          b.tipo === 'saida'
            ? await kit.lockOpen(tx, id)
            : await createServiceOrdersRepo(tx).lock(id);
        if (!cur) throw new AppError('NOT_FOUND', 'OS não encontrada.');
        if (cur.vehicleId === null) {
          throw new AppError('CONFLICT', 'Esta OS não tem veículo.', 'tipo');
        }
        if (b.tipo === 'saida') {
          if (cur.kmSaida !== null) {
            throw new AppError('CONFLICT', 'O km de saída desta OS já foi registrado.', 'tipo');
          }
          vehicle = await fleet.checkoutIn(tx, u, cur.vehicleId, {
            condutor_id: u.id,
            km_saida: b.km,
            destino: `${cur.codigo} — ${cur.local}`.slice(0, 200),
          });
        } else {
          if (cur.kmSaida === null) {
            throw new AppError('CONFLICT', 'Registre primeiro o km de saída.', 'tipo');
          }
          if (cur.kmRetorno !== null) {
            throw new AppError('CONFLICT', 'O km de retorno desta OS já foi registrado.', 'tipo');
          }
          vehicle = await fleet.checkinIn(tx, u, cur.vehicleId, {
            km_retorno: b.km,
            observacao: cur.codigo,
            confirmar_km_alto: b.confirmar_km_alto,
          });
        }
        const r = createServiceOrdersRepo(tx);
        const version = await r.update(
          id,
          b.tipo === 'saida' ? { kmSaida: b.km } : { kmRetorno: b.km },
        );
        await r.insertEvent({
          serviceOrderId: id,
          tipo: b.tipo === 'saida' ? 'km_saida' : 'km_retorno',
          userId: u.id,
          em: now,
          deviceTime,
          texto: `${b.km.toLocaleString('pt-BR')} km`,
        });
        return version;
      });
      if (vehicle) await fleet.changed(vehicle);
      await kit.changed(id, version);
      return kit.detail(u, id);
    },
  };
}
