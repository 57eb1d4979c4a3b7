import {
  caState,
  isBelowMinimum,
  replacementDate,
  replacementState,
  type EpiDelivery,
  type EpiItem,
} from '@eproto/domain';
import type { DeliveryJoined, EpiItemRow } from './epi.repo.ts';

export function toEpiItem(i: EpiItemRow, today: string): EpiItem {
  return {
    id: i.id,
    nome: i.nome,
    descricao: i.descricao,
    ca_numero: i.caNumero,
    ca_validade: i.caValidade,
    ca_situacao: caState(i.caValidade, today),
    tamanho: i.tamanho,
    vida_util_dias: i.vidaUtilDias,
    estoque: i.estoque,
    estoque_minimo: i.estoqueMinimo,
    abaixo_minimo: isBelowMinimum(i.estoque, i.estoqueMinimo),
    custo_unitario: i.custoUnitario,
    ativo: i.ativo,
  };
}

export function toDelivery(r: DeliveryJoined, today: string): EpiDelivery {
  const d = r.d;
  const due = replacementDate(d.data, r.item.vidaUtilDias);
  const returned = d.devolucaoData !== null;
  return {
    id: d.id,
    colaborador: { id: d.colaboradorId, nome: r.colaboradorNome },
    item: {
      id: r.item.id,
      nome: r.item.nome,
      ca_numero: r.item.caNumero,
      ca_validade: r.item.caValidade,
      tamanho: r.item.tamanho,
    },
    data: d.data,
    quantidade: d.quantidade,
    motivo: d.motivo,
    observacao: d.observacao,
    entregue_por:
      d.entreguePor !== null && r.delivererNome
        ? { id: d.entreguePor, nome: r.delivererNome }
        : null,
    status: returned ? 'devolvida' : d.confirmacao ? 'confirmada' : 'pendente',
    confirmacao: d.confirmacao,
    confirmado_em: d.confirmadoEm?.toISOString() ?? null,
    tem_assinatura: d.assinaturaKey !== null,
    assinatura_registro:
      d.assinaturaKey !== null && d.assinaturaMeta && d.confirmadoEm
        ? {
            em: d.confirmadoEm.toISOString(),
            dispositivo: d.assinaturaMeta.dispositivo,
            latitude: d.assinaturaMeta.local?.latitude ?? null,
            longitude: d.assinaturaMeta.local?.longitude ?? null,
            precisao_m: d.assinaturaMeta.local?.precisao_m ?? null,
          }
        : null,
    troca_prevista: due,
    troca_situacao: returned ? null : replacementState(due, today),
    devolucao_data: d.devolucaoData,
    devolucao_motivo: d.devolucaoMotivo,
    substituicao_solicitada: r.replacementAsked,
    created_at: d.createdAt.toISOString(),
    updated_at: r.version.toISOString(),
  };
}
