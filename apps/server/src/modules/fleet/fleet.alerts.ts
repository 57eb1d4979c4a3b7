import {
  documentAlertText,
  dueState,
  FLEET_WARN_DAYS,
  formatDateBr,
  formatPlate,
  maintenanceDueState,
  type FieldAlert,
} from '@eproto/domain';
import type { MaintenanceRow, VehicleRow } from './fleet.repo.ts';

/** Document alerts (licenciamento, seguro) of one vehicle; inactive vehicles never alert. */
export function vehicleDocumentAlerts(v: VehicleRow, today: string): FieldAlert[] {
  if (v.status === 'inativo') return [];
  const out: FieldAlert[] = [];
  const docs = [
    ['licenciamento', v.licenciamentoVencimento],
    ['seguro', v.seguroVencimento],
  ] as const;
  for (const [doc, due] of docs) {
    const state = dueState(due, today, FLEET_WARN_DAYS);
    if (!state || !due) continue;
    out.push({
      key: `veiculo-${doc}:${v.id}:${due}`,
      kind: 'documento_veiculo',
      severity: state,
      texto: documentAlertText(doc, v.placa, due, state),
      ref_id: v.id,
    });
  }
  return out;
}

/** Alert of a preventive maintenance that is due (by date or km), or null. */
export function maintenanceAlert(
  m: MaintenanceRow,
  placa: string,
  odometer: number,
  today: string,
): FieldAlert | null {
  if (m.tipo !== 'preventiva' || m.status === 'concluida') return null;
  const state = maintenanceDueState(
    { prevista_data: m.previstaData, prevista_km: m.previstaKm },
    today,
    odometer,
  );
  if (!state) return null;
  const when = [
    m.previstaData ? `em ${formatDateBr(m.previstaData)}` : null,
    m.previstaKm !== null ? `aos ${m.previstaKm.toLocaleString('pt-BR')} km` : null,
  ]
    .filter(Boolean)
    .join(' ou ');
  const verb = state === 'vencido' ? 'vencida' : 'prevista';
  return {
    key: `manutencao:${m.id}`,
    kind: 'manutencao',
    severity: state,
    texto: `Manutenção preventiva ${verb} do veículo ${formatPlate(placa)}: ${m.descricao} (${when}).`,
    ref_id: m.vehicleId,
  };
}
