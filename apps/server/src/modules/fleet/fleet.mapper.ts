import {
  formatPlate,
  type Checkout,
  type FuelLog,
  type KmCorrection,
  type Maintenance,
  type Vehicle,
} from '@eproto/domain';
import type {
  CheckoutRow,
  FuelRow,
  KmCorrectionRow,
  MaintenanceRow,
  VehicleRow,
} from './fleet.repo.ts';

const ref = (id: number | null, nome: string | null | undefined) =>
  id !== null && nome ? { id, nome } : null;

export function toVehicle(
  v: VehicleRow,
  driver: { id: number | null; nome: string | null },
  alertas: number,
): Vehicle {
  return {
    id: v.id,
    placa: v.placa,
    placa_formatada: formatPlate(v.placa),
    modelo: v.modelo,
    marca: v.marca,
    ano: v.ano,
    renavam: v.renavam,
    odometro_km: v.odometroKm,
    status: v.status,
    licenciamento_vencimento: v.licenciamentoVencimento,
    seguro_vencimento: v.seguroVencimento,
    observacoes: v.observacoes,
    categoria_cnh: v.categoriaCnh,
    condutor: ref(driver.id, driver.nome),
    alertas,
    updated_at: v.updatedAt.toISOString(),
  };
}

export function toMaintenance(m: MaintenanceRow, authorNome: string | null): Maintenance {
  return {
    id: m.id,
    vehicle_id: m.vehicleId,
    tipo: m.tipo,
    status: m.status,
    descricao: m.descricao,
    prevista_data: m.previstaData,
    prevista_km: m.previstaKm,
    realizada_data: m.realizadaData,
    realizada_km: m.realizadaKm,
    fornecedor: m.fornecedor,
    custo: m.custo,
    contract_id: m.contractId,
    observacao: m.observacao,
    created_by: ref(m.createdBy, authorNome),
    created_at: m.createdAt.toISOString(),
  };
}

export function toFuel(f: FuelRow, authorNome: string | null): FuelLog {
  return {
    id: f.id,
    vehicle_id: f.vehicleId,
    data: f.data,
    combustivel: f.combustivel,
    litros: f.litros,
    valor_total: f.valorTotal,
    km: f.km,
    posto: f.posto,
    contract_id: f.contractId,
    created_by: ref(f.createdBy, authorNome),
    created_at: f.createdAt.toISOString(),
  };
}

export function toCheckout(c: CheckoutRow, driverNome: string): Checkout {
  return {
    id: c.id,
    vehicle_id: c.vehicleId,
    condutor: { id: c.condutorId, nome: driverNome },
    saida_em: c.saidaEm.toISOString(),
    km_saida: c.kmSaida,
    destino: c.destino,
    retorno_em: c.retornoEm?.toISOString() ?? null,
    km_retorno: c.kmRetorno,
    observacao: c.observacao,
    km_alto_confirmado: c.kmAltoConfirmado,
  };
}

export function toKmCorrection(k: KmCorrectionRow, authorNome: string | null): KmCorrection {
  return {
    id: k.id,
    leitura: k.leitura,
    ref_id: k.refId,
    km_anterior: k.kmAnterior,
    km_corrigido: k.kmCorrigido,
    odometro_anterior: k.odometroAnterior,
    odometro_novo: k.odometroNovo,
    motivo: k.motivo,
    created_by: ref(k.createdBy, authorNome),
    created_at: k.createdAt.toISOString(),
  };
}
