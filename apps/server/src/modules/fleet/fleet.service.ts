import {
  formatPlate,
  KM_JUMP_WARN,
  plateVariants,
  todayIn,
  VEHICLE_STATUS_LABELS,
  type checkinBody,
  type checkoutBody,
  type FieldAlert,
  type fuelBody,
  type kmCorrectionBody,
  type maintenanceBody,
  type maintenanceFinishBody,
  type vehicleBody,
  type vehiclePatchBody,
  type VehicleListChanges,
  type VehicleStatus,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { assertActivePerson } from '../users/people.ts';
import { exportList, type SheetColumn } from '../../lib/export/spreadsheet.ts';
import { maintenanceAlert, vehicleDocumentAlerts } from './fleet.alerts.ts';
import { toCheckout, toFuel, toKmCorrection, toMaintenance, toVehicle } from './fleet.mapper.ts';
import {
  createFleetRepo,
  type VehicleFilter,
  type VehicleRow,
  type VehicleVersion,
} from './fleet.repo.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { createSstGate } from '../sst/sst-gate.ts';

type Actor = { id: number };
type Parsed<S extends z.ZodType> = z.output<S>;

const km = (n: number) => `${n.toLocaleString('pt-BR')} km`;

/** Fleet rules: vehicles, maintenance, fuel, check-out/check-in and their alerts. */
export function createFleetService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'events' | 'access'>,
) {
  const db = deps.database.db;
  const repo = createFleetRepo(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);
  /** A fuel or maintenance cost may name only a contract the person sees (404 otherwise). */
  const costContract = async (u: ScopeUser, id: number | null, tx: DbOrTx) => {
    if (id !== null) await deps.access.scope(tx).assertContractVisible(u, id, tx);
  };
  const sstGate = createSstGate(deps);

  async function assertPlateFree(placa: string, exceptId?: number, tx: DbOrTx = db) {
    // Inside a transaction the check runs on its connection: a second one from the pool could
    // wait forever once every connection holds such a transaction.
    const taken = await createFleetRepo(tx).findByPlates(plateVariants(placa), exceptId);
    const first = taken[0];
    if (!first) return;
    const msg =
      first.placa === placa
        ? `Já existe um veículo com a placa ${formatPlate(placa)}.`
        : `A placa ${formatPlate(placa)} corresponde à placa ${formatPlate(first.placa)}, já cadastrada.`;
    throw new AppError('CONFLICT', msg, 'placa');
  }

  /** The 409 of a plate that another request registered first (the unique index caught it). */
  async function plateConflict(placa: string, exceptId?: number): Promise<AppError> {
    try {
      await assertPlateFree(placa, exceptId);
    } catch (e) {
      if (e instanceof AppError) return e;
      throw e;
    }
    return new AppError(
      'CONFLICT',
      `Já existe um veículo com a placa ${formatPlate(placa)}.`,
      'placa',
    );
  }

  async function lockVehicle(tx: DbOrTx, id: number): Promise<VehicleRow> {
    const v = await createFleetRepo(tx).lock(id);
    if (!v) throw notFound('Veículo');
    return v;
  }

  async function alertsByVehicle(): Promise<Map<number, FieldAlert[]>> {
    const t = today();
    const [rows, open] = await Promise.all([repo.list({}), repo.openMaintenances()]);
    const map = new Map<number, FieldAlert[]>();
    for (const { vehicle } of rows) map.set(vehicle.id, vehicleDocumentAlerts(vehicle, t));
    for (const { m, placa, odometro } of open) {
      const a = maintenanceAlert(m, placa, odometro, t);
      if (a) map.get(m.vehicleId)?.push(a);
    }
    return map;
  }

  /**
   * After a write's commit: 'fleet.changed' with the vehicle's new `updated_at` as `version`
   * (the vehicle lists ask `/veiculos/changes` since it; a vehicle page holding it asks nothing).
   */
  const changed = (v: VehicleVersion) =>
    deps.events.publish({
      type: RT_EVENTS.fleetChanged,
      id: v.id,
      version: v.updatedAt.toISOString(),
      data: { id: v.id },
    });

  async function vehiclesOf(q: VehicleFilter, changedSince?: Date) {
    const [rows, alerts] = await Promise.all([repo.list(q, changedSince), alertsByVehicle()]);
    return rows.map((r) =>
      toVehicle(
        r.vehicle,
        { id: r.driverId, nome: r.driverNome },
        alerts.get(r.vehicle.id)?.length ?? 0,
      ),
    );
  }

  return {
    async list(q: VehicleFilter) {
      return { items: await vehiclesOf(q) };
    },

    /**
     * What changed in the list since `updated_since`: its ids now (in its order), the vehicles
     * of it changed since, the total and the cursor to ask from next.
     */
    async listChanges(q: VehicleFilter & { updated_since: string }): Promise<VehicleListChanges> {
      const cursor = nextSyncCursor();
      const filter = { status: q.status, q: q.q };
      const ids = await repo.ids(filter);
      const items = ids.length === 0 ? [] : await vehiclesOf(filter, new Date(q.updated_since));
      return { items, ids, total: ids.length, cursor };
    },

    async get(id: number) {
      const row = await repo.byId(id);
      if (!row) throw notFound('Veículo');
      const [maint, fuel, checkouts, corrections, alerts] = await Promise.all([
        repo.maintenances(id),
        repo.fuel(id),
        repo.checkouts(id),
        repo.kmCorrections(id),
        alertsByVehicle(),
      ]);
      return {
        vehicle: toVehicle(
          row.vehicle,
          { id: row.driverId, nome: row.driverNome },
          alerts.get(id)?.length ?? 0,
        ),
        maintenances: maint.map((r) => toMaintenance(r.m, r.authorNome)),
        fuel: fuel.map((r) => toFuel(r.f, r.authorNome)),
        checkouts: checkouts.map((r) => toCheckout(r.c, r.driverNome)),
        correcoes_km: corrections.map((r) => toKmCorrection(r.k, r.authorNome)),
      };
    },

    async create(body: Parsed<typeof vehicleBody>) {
      await assertPlateFree(body.placa);
      const v = await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createFleetRepo(tx).insert({
              placa: body.placa,
              modelo: body.modelo,
              marca: body.marca,
              ano: body.ano,
              renavam: body.renavam,
              odometroKm: body.odometro_km,
              status: body.status,
              licenciamentoVencimento: body.licenciamento_vencimento,
              seguroVencimento: body.seguro_vencimento,
              observacoes: body.observacoes,
              categoriaCnh: body.categoria_cnh,
            }),
          ),
        () => plateConflict(body.placa),
      );
      await changed(v);
      return this.get(v.id);
    },

    async update(id: number, body: Parsed<typeof vehiclePatchBody>) {
      const write = () =>
        db.transaction(async (tx) => {
          const v = await lockVehicle(tx, id);
          if (body.placa !== undefined && body.placa !== v.placa)
            await assertPlateFree(body.placa, id, tx);
          if (body.odometro_km !== undefined && body.odometro_km < v.odometroKm) {
            throw new AppError(
              'VALIDATION',
              `O odômetro não pode diminuir (atual: ${v.odometroKm.toLocaleString('pt-BR')} km).`,
              'odometro_km',
            );
          }
          if (body.status !== undefined && body.status !== v.status && v.status === 'em_uso') {
            throw new AppError(
              'CONFLICT',
              'Veículo em uso: faça o check-in antes de mudar o status.',
              'status',
            );
          }
          return createFleetRepo(tx).update(id, {
            placa: body.placa,
            modelo: body.modelo,
            marca: body.marca,
            ano: body.ano,
            renavam: body.renavam,
            odometroKm: body.odometro_km,
            status: body.status,
            licenciamentoVencimento: body.licenciamento_vencimento,
            seguroVencimento: body.seguro_vencimento,
            observacoes: body.observacoes,
            categoriaCnh: body.categoria_cnh,
          });
        });
      const saved = await conflictOnDuplicate(write, () => plateConflict(body.placa ?? '', id));
      await changed(saved);
      return this.get(id);
    },

    async addMaintenance(
      actor: ScopeUser,
      vehicleId: number,
      body: Parsed<typeof maintenanceBody>,
    ) {
      const row = await repo.byId(vehicleId);
      if (!row) throw notFound('Veículo');
      const saved = await db.transaction(async (tx) => {
        await costContract(actor, body.contract_id, tx);
        const r = createFleetRepo(tx);
        await r.insertMaintenance({
          vehicleId,
          tipo: body.tipo,
          descricao: body.descricao,
          previstaData: body.prevista_data,
          previstaKm: body.prevista_km,
          fornecedor: body.fornecedor,
          custo: body.custo,
          contractId: body.contract_id,
          createdBy: actor.id,
        });
        // The vehicle's alerts count its open maintenances: its version moves with them.
        return r.update(vehicleId);
      });
      await changed(saved);
      return this.get(vehicleId);
    },

    async startMaintenance(vehicleId: number, id: number, observacao: string | null) {
      const saved = await db.transaction(async (tx) => {
        const r = createFleetRepo(tx);
        const v = await lockVehicle(tx, vehicleId);
        const m = await r.lockMaintenance(vehicleId, id);
        if (!m) throw notFound('Manutenção');
        if (m.status !== 'agendada') {
          throw new AppError('CONFLICT', 'Só uma manutenção agendada pode ser iniciada.');
        }
        if (v.status === 'em_uso') {
          throw new AppError(
            'CONFLICT',
            'Veículo em uso: faça o check-in antes de iniciar a manutenção.',
          );
        }
        await r.updateMaintenance(id, {
          status: 'em_andamento',
          observacao: observacao ?? m.observacao,
        });
        return r.update(vehicleId, v.status !== 'inativo' ? { status: 'manutencao' } : {});
      });
      await changed(saved);
      return this.get(vehicleId);
    },

    async finishMaintenance(
      vehicleId: number,
      id: number,
      body: Parsed<typeof maintenanceFinishBody>,
    ) {
      const saved = await db.transaction(async (tx) => {
        const r = createFleetRepo(tx);
        const v = await lockVehicle(tx, vehicleId);
        const m = await r.lockMaintenance(vehicleId, id);
        if (!m) throw notFound('Manutenção');
        if (m.status === 'concluida')
          throw new AppError('CONFLICT', 'Esta manutenção já foi concluída.');
        if (body.realizada_data > today()) {
          throw new AppError(
            'VALIDATION',
            'A data de realização não pode estar no futuro.',
            'realizada_data',
          );
        }
        await r.updateMaintenance(id, {
          status: 'concluida',
          realizadaData: body.realizada_data,
          realizadaKm: body.realizada_km,
          custo: body.custo ?? m.custo,
          observacao: body.observacao ?? m.observacao,
        });
        const stillOpen = await r.countInProgress(vehicleId);
        return r.update(vehicleId, {
          odometroKm: Math.max(v.odometroKm, body.realizada_km),
          status: v.status === 'manutencao' && stillOpen === 0 ? 'disponivel' : v.status,
        });
      });
      await changed(saved);
      return this.get(vehicleId);
    },

    async addFuel(actor: ScopeUser, vehicleId: number, body: Parsed<typeof fuelBody>) {
      if (body.data > today()) {
        throw new AppError(
          'VALIDATION',
          'A data do abastecimento não pode estar no futuro.',
          'data',
        );
      }
      const saved = await db.transaction(async (tx) => {
        const v = await lockVehicle(tx, vehicleId);
        if (body.km < v.odometroKm) {
          throw new AppError(
            'VALIDATION',
            `A quilometragem do abastecimento não pode ser menor que o odômetro (${km(v.odometroKm)}).`,
            'km',
          );
        }
        await costContract(actor, body.contract_id, tx);
        const r = createFleetRepo(tx);
        await r.insertFuel({
          vehicleId,
          data: body.data,
          combustivel: body.combustivel,
          litros: body.litros,
          valorTotal: body.valor_total,
          km: body.km,
          posto: body.posto,
          contractId: body.contract_id,
          createdBy: actor.id,
        });
        return r.update(vehicleId, body.km > v.odometroKm ? { odometroKm: body.km } : {});
      });
      await changed(saved);
      return this.get(vehicleId);
    },

    async checkout(actor: Actor, vehicleId: number, body: Parsed<typeof checkoutBody>) {
      await changed(await db.transaction((tx) => this.checkoutIn(tx, actor, vehicleId, body)));
      return this.get(vehicleId);
    },

    /**
     * Check-out inside the caller's transaction (a service order's km); returns the vehicle's
     * new version, for `changed()` after the commit.
     */
    async checkoutIn(
      tx: DbOrTx,
      actor: Actor,
      vehicleId: number,
      body: Parsed<typeof checkoutBody>,
    ): Promise<VehicleVersion> {
      const v = await lockVehicle(tx, vehicleId);
      if (v.status !== 'disponivel') {
        const why: Record<VehicleStatus, string> = {
          disponivel: '',
          em_uso: 'o veículo já está em uso',
          manutencao: 'o veículo está em manutenção',
          inativo: 'o veículo está inativo',
        };
        throw new AppError('CONFLICT', `Check-out não permitido: ${why[v.status]}.`);
      }
      if (body.km_saida < v.odometroKm) {
        throw new AppError(
          'VALIDATION',
          `A quilometragem de saída não pode ser menor que o odômetro (${v.odometroKm.toLocaleString('pt-BR')} km).`,
          'km_saida',
        );
      }
      await assertActivePerson(tx, body.condutor_id, 'condutor_id', 'Condutor');
      const refusal = await sstGate.driverRefusal(body.condutor_id, v.categoriaCnh, tx);
      if (refusal) {
        throw new AppError('CONFLICT', `Check-out não permitido: ${refusal}`, 'condutor_id');
      }
      const r = createFleetRepo(tx);
      await r.insertCheckout({
        vehicleId,
        condutorId: body.condutor_id,
        kmSaida: body.km_saida,
        destino: body.destino,
        createdBy: actor.id,
      });
      return r.update(vehicleId, { status: 'em_uso', odometroKm: body.km_saida });
    },

    async checkin(actor: Actor, vehicleId: number, body: Parsed<typeof checkinBody>) {
      await changed(await db.transaction((tx) => this.checkinIn(tx, actor, vehicleId, body)));
      return this.get(vehicleId);
    },

    /** Check-in inside the caller's transaction (a service order's km): as checkoutIn. */
    async checkinIn(
      tx: DbOrTx,
      actor: Actor,
      vehicleId: number,
      body: Parsed<typeof checkinBody>,
    ): Promise<VehicleVersion> {
      await lockVehicle(tx, vehicleId);
      const r = createFleetRepo(tx);
      const open = await r.openCheckout(vehicleId);
      if (!open) throw new AppError('CONFLICT', 'Este veículo não tem check-out em aberto.');
      if (body.km_retorno < open.kmSaida) {
        throw new AppError(
          'VALIDATION',
          `A quilometragem de retorno não pode ser menor que a de saída (${open.kmSaida.toLocaleString('pt-BR')} km).`,
          'km_retorno',
        );
      }
      const trip = body.km_retorno - open.kmSaida;
      const jump = trip > KM_JUMP_WARN;
      if (jump && !body.confirmar_km_alto) {
        throw new AppError(
          'CONFLICT',
          `Quilometragem improvável: ${km(trip)} rodados desde a saída (${km(open.kmSaida)}). ` +
            'Confira o valor digitado; se estiver certo, confirme para registrar.',
          'confirmar_km_alto',
        );
      }
      await r.closeCheckout(open.id, {
        kmRetorno: body.km_retorno,
        observacao: body.observacao,
        by: actor.id,
        kmAltoConfirmado: jump,
      });
      return r.update(vehicleId, { status: 'disponivel', odometroKm: body.km_retorno });
    },

    changed,

    /**
     * Corrects one km reading (a typo at check-in, fuel or the odometer itself). The reading is
     * overwritten, the correction row keeps both values and the reason, and the odometer follows:
     * when the wrong value was what drove it, it drops back to the highest reading left.
     */
    async correctKm(actor: Actor, vehicleId: number, body: Parsed<typeof kmCorrectionBody>) {
      const saved = await db.transaction(async (tx) => {
        const v = await lockVehicle(tx, vehicleId);
        const r = createFleetRepo(tx);
        const open = await r.openCheckout(vehicleId);
        let before: number;
        if (body.leitura === 'odometro') {
          before = v.odometroKm;
          if (open && body.km < open.kmSaida) {
            throw new AppError(
              'VALIDATION',
              `Veículo em uso: o odômetro não pode ficar abaixo da saída (${km(open.kmSaida)}).`,
              'km',
            );
          }
        } else if (body.leitura === 'abastecimento') {
          const f = await r.lockFuel(vehicleId, body.ref_id!);
          if (!f) throw notFound('Abastecimento');
          before = f.km;
        } else {
          const c = await r.lockCheckout(vehicleId, body.ref_id!);
          if (!c) throw notFound('Check-out');
          if (body.leitura === 'retorno') {
            if (c.kmRetorno === null) {
              throw new AppError('CONFLICT', 'Este check-out ainda não tem check-in.', 'ref_id');
            }
            if (body.km < c.kmSaida) {
              throw new AppError(
                'VALIDATION',
                `O km de retorno não pode ser menor que o de saída (${km(c.kmSaida)}).`,
                'km',
              );
            }
            before = c.kmRetorno;
          } else {
            if (c.kmRetorno !== null && body.km > c.kmRetorno) {
              throw new AppError(
                'VALIDATION',
                `O km de saída não pode ser maior que o de retorno (${km(c.kmRetorno)}).`,
                'km',
              );
            }
            before = c.kmSaida;
          }
        }
        if (body.km === before) {
          throw new AppError('VALIDATION', `A leitura já está em ${km(before)}.`, 'km');
        }
        if (body.leitura === 'abastecimento') await r.updateFuelKm(body.ref_id!, body.km);
        else if (body.leitura === 'retorno')
          await r.updateCheckoutKm(body.ref_id!, { kmRetorno: body.km });
        else if (body.leitura === 'saida')
          await r.updateCheckoutKm(body.ref_id!, { kmSaida: body.km });
        let odometer: number;
        if (body.leitura === 'odometro') odometer = body.km;
        else if (before >= v.odometroKm)
          odometer = Math.max(body.km, (await r.highestReading(vehicleId)) ?? 0);
        else odometer = Math.max(v.odometroKm, body.km);
        const version = await r.update(vehicleId, { odometroKm: odometer });
        await r.insertKmCorrection({
          vehicleId,
          leitura: body.leitura,
          refId: body.leitura === 'odometro' ? null : body.ref_id,
          kmAnterior: before,
          kmCorrigido: body.km,
          odometroAnterior: v.odometroKm,
          odometroNovo: odometer,
          motivo: body.motivo,
          createdBy: actor.id,
        });
        return version;
      });
      await changed(saved);
      return this.get(vehicleId);
    },

    /** Every fleet alert of today: documents and preventive maintenance. */
    async alerts(): Promise<FieldAlert[]> {
      const map = await alertsByVehicle();
      return [...map.values()].flat();
    },

    async export(format: 'csv' | 'xlsx') {
      const { items } = await this.list({});
      const columns: SheetColumn<(typeof items)[number]>[] = [
        { header: 'Placa', width: 12, value: (v) => v.placa_formatada },
        { header: 'Marca', width: 14, value: (v) => v.marca },
        { header: 'Modelo', width: 18, value: (v) => v.modelo },
        { header: 'Ano', width: 8, type: 'number', value: (v) => v.ano },
        { header: 'RENAVAM', width: 14, value: (v) => v.renavam },
        { header: 'Odômetro (km)', width: 14, type: 'number', value: (v) => v.odometro_km },
        { header: 'Status', width: 14, value: (v) => VEHICLE_STATUS_LABELS[v.status] },
        { header: 'Condutor', width: 22, value: (v) => v.condutor?.nome ?? null },
        {
          header: 'Licenciamento',
          width: 14,
          type: 'date',
          value: (v) => v.licenciamento_vencimento,
        },
        { header: 'Seguro', width: 14, type: 'date', value: (v) => v.seguro_vencimento },
        { header: 'Alertas', width: 10, type: 'number', value: (v) => v.alertas },
      ];
      return exportList(format, columns, items, 'Frota');
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
