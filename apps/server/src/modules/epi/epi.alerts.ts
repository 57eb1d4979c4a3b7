import {
  caState,
  formatDateBr,
  isBelowMinimum,
  type EpiDelivery,
  type FieldAlert,
  epiSizeShort,
} from '@eproto/domain';
import type { EpiItemRow } from './epi.repo.ts';

/** CA and stock alerts of the active catalogue. */
export function catalogueAlerts(items: EpiItemRow[], today: string): FieldAlert[] {
  const out: FieldAlert[] = [];
  for (const i of items) {
    if (!i.ativo) continue;
    const ca = caState(i.caValidade, today);
    if (ca !== 'valido') {
      const verb = ca === 'vencido' ? 'venceu em' : 'vence em';
      out.push({
        key: `epi-ca:${i.id}:${i.caValidade}`,
        kind: 'ca_epi',
        severity: ca === 'vencido' ? 'vencido' : 'proximo',
        texto: `CA ${i.caNumero} do EPI ${i.nome} (${epiSizeShort(i.tamanho)}) ${verb} ${formatDateBr(i.caValidade)}.`,
        ref_id: i.id,
      });
    }
    if (isBelowMinimum(i.estoque, i.estoqueMinimo)) {
      out.push({
        key: `epi-estoque:${i.id}`,
        kind: 'estoque_epi',
        severity: i.estoque === 0 ? 'vencido' : 'proximo',
        texto: `Estoque do EPI ${i.nome} (${epiSizeShort(i.tamanho)}) abaixo do mínimo: ${i.estoque} de ${i.estoqueMinimo}.`,
        ref_id: i.id,
      });
    }
  }
  return out;
}

/** Deliveries that reached (or are near) the end of their useful life. */
export function replacementAlerts(deliveries: EpiDelivery[]): FieldAlert[] {
  return deliveries
    .filter((d) => d.troca_situacao !== null)
    .map((d) => ({
      key: `epi-troca:${d.id}`,
      kind: 'troca_epi',
      severity: d.troca_situacao === 'vencido' ? ('vencido' as const) : ('proximo' as const),
      texto: `Troca de EPI ${d.troca_situacao === 'vencido' ? 'vencida' : 'próxima'}: ${d.item.nome} de ${d.colaborador.nome} (prevista para ${formatDateBr(d.troca_prevista)}).`,
      ref_id: d.colaborador.id,
    }));
}
