import {
  formatPlate,
  plateVariants,
  todayIn,
  VEHICLE_STATUS_LABELS,
  type checkinBody,
  type checkoutBody,
  type FieldAlert,
  type fuelBody,
  type maintenanceBody,
  type maintenanceFinishBody,
  type vehicleBody,
  type vehiclePatchBody,
  type VehicleStatus,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertActivePerson } from '../tatico/people.ts';
import { exportList, type SheetColumn } from '../tatico/spreadsheet.ts';
import { maintenanceAlert, vehicleDocumentAlerts } from './fleet.alerts.ts';
import { toCheckout, toFuel, toMaintenance, toVehicle } from './fleet.mapper.ts';
import { createFleetRepo, type VehicleRow } from './fleet.repo.ts';

type Actor = { id: number };
type Parsed<S extends z.ZodType> = z.output<S>;

/** Fleet rules: vehicles, maintenance, fuel, check-out/check-in and their alerts. */
export function createFleetService(deps: Pick<ServiceDeps, 'database' | 'config' | 'events'>) {
  const db = deps.database.db;
  const repo = createFleetRepo(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function assertPlateFree(placa: string, exceptId?: number) {
    const taken = await repo.findByPlates(plateVariants(placa), exceptId);
    const first = taken[0];
    if (!first) return;
    const msg =
      first.placa === placa
        ? `Já existe um veículo com a placa ${formatPlate(placa)}.`
        : `A placa ${formatPlate(placa)} corresponde à placa ${formatPlate(first.placa)}, já cadastrada.`;
    throw new AppError('CONFLICT', msg, 'placa');
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

  const changed = () => deps.events.publish({ type: 'fleet.changed' });

  return {
    async list(q: { status?: VehicleStatus; q?: string }) {
      const [rows, alerts] = await Promise.all([repo.list(q), alertsByVehicle()]);
      return {
        items: rows.map((r) =>
          toVehicle(
            r.vehicle,
            { id: r.driverId, nome: r.driverNome },
            alerts.get(r.vehicle.id)?.length ?? 0,
          ),
        ),
      };
    },

    async get(id: number) {
      const row = await repo.byId(id);
      if (!row) throw notFound('Veículo');
      const [maint, fuel, checkouts, alerts] = await Promise.all([
        repo.maintenances(id),
        repo.fuel(id),
        repo.checkouts(id),
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
      };
    },

    async create(body: Parsed<typeof vehicleBody>) {
      await assertPlateFree(body.placa);
      const v = await repo.insert({
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
      });
      await changed();
      return this.get(v.id);
    },

    async update(id: number, body: Parsed<typeof vehiclePatchBody>) {
      await db.transaction(async (tx) => {
        const v = await lockVehicle(tx, id);
        if (body.placa !== undefined && body.placa !== v.placa)
          await assertPlateFree(body.placa, id);
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
        await createFleetRepo(tx).update(id, {
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
        });
      });
      await changed();
      return this.get(id);
    },

    async addMaintenance(actor: Actor, vehicleId: number, body: Parsed<typeof maintenanceBody>) {
      const row = await repo.byId(vehicleId);
      if (!row) throw notFound('Veículo');
      await repo.insertMaintenance({
        vehicleId,
        tipo: body.tipo,
        descricao: body.descricao,
        previstaData: body.prevista_data,
        previstaKm: body.prevista_km,
        fornecedor: body.fornecedor,
        custo: body.custo,
        createdBy: actor.id,
      });
      await changed();
      return this.get(vehicleId);
    },

    async startMaintenance(vehicleId: number, id: number, observacao: string | null) {
      await db.transaction(async (tx) => {
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
        if (v.status !== 'inativo') await r.update(vehicleId, { status: 'manutencao' });
      });
      await changed();
      return this.get(vehicleId);
    },

    async finishMaintenance(
      vehicleId: number,
      id: number,
      body: Parsed<typeof maintenanceFinishBody>,
    ) {
      await db.transaction(async (tx) => {
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
        await r.update(vehicleId, {
          odometroKm: Math.max(v.odometroKm, body.realizada_km),
          status: v.status === 'manutencao' && stillOpen === 0 ? 'disponivel' : v.status,
        });
      });
      await changed();
      return this.get(vehicleId);
    },

    async addFuel(actor: Actor, vehicleId: number, body: Parsed<typeof fuelBody>) {
      if (body.data > today()) {
        throw new AppError(
          'VALIDATION',
          'A data do abastecimento não pode estar no futuro.',
          'data',
        );
      }
      await db.transaction(async (tx) => {
        const v = await lockVehicle(tx, vehicleId);
        const r = createFleetRepo(tx);
        await r.insertFuel({
          vehicleId,
          data: body.data,
          combustivel: body.combustivel,
          litros: body.litros,
          valorTotal: body.valor_total,
          km: body.km,
          posto: body.posto,
          createdBy: actor.id,
        });
        // Late entries keep the odometer where it is; it never goes back.
        if (body.km > v.odometroKm) await r.update(vehicleId, { odometroKm: body.km });
      });
      await changed();
      return this.get(vehicleId);
    },

    async checkout(actor: Actor, vehicleId: number, body: Parsed<typeof checkoutBody>) {
      await db.transaction(async (tx) => {
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
        const r = createFleetRepo(tx);
        await r.insertCheckout({
          vehicleId,
          condutorId: body.condutor_id,
          kmSaida: body.km_saida,
          destino: body.destino,
          createdBy: actor.id,
        });
        await r.update(vehicleId, { status: 'em_uso', odometroKm: body.km_saida });
      });
      await changed();
      return this.get(vehicleId);
    },

    async checkin(actor: Actor, vehicleId: number, body: Parsed<typeof checkinBody>) {
      await db.transaction(async (tx) => {
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
        await r.closeCheckout(open.id, {
          kmRetorno: body.km_retorno,
          observacao: body.observacao,
          by: actor.id,
        });
        await r.update(vehicleId, { status: 'disponivel', odometroKm: body.km_retorno });
      });
      await changed();
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
