import { isBelowMinimum, type InventoryItem, type Movement } from '@eproto/domain';
import type { createInventoryRepo, ItemRow } from './inventory.repo.ts';

type MovementRow = Awaited<ReturnType<ReturnType<typeof createInventoryRepo>['movements']>>[number];

const ref = (id: number | null, nome: string | null | undefined) =>
  id !== null && nome ? { id, nome } : null;

export function toItem(item: ItemRow, holderNome: string | null): InventoryItem {
  return {
    id: item.id,
    natureza: item.natureza,
    codigo: item.codigo,
    nome: item.nome,
    categoria: item.categoria,
    localizacao: item.localizacao,
    estado: item.estado,
    responsavel: ref(item.responsavelId, holderNome),
    unidade: item.unidade,
    quantidade: item.quantidade,
    estoque_minimo: item.estoqueMinimo,
    custo_unitario: item.custoUnitario,
    abaixo_minimo:
      item.natureza === 'consumivel' && isBelowMinimum(item.quantidade, item.estoqueMinimo),
    updated_at: item.updatedAt.toISOString(),
  };
}

export function toMovement(r: MovementRow): Movement {
  const m = r.m;
  return {
    id: m.id,
    item_id: m.itemId,
    item_codigo: r.itemCodigo,
    item_nome: r.itemNome,
    tipo: m.tipo,
    quantidade: m.quantidade,
    saldo_apos: m.saldoApos,
    origem_localizacao: m.origemLocalizacao,
    destino_localizacao: m.destinoLocalizacao,
    responsavel_anterior: ref(m.responsavelAnteriorId, r.beforeNome),
    responsavel_novo: ref(m.responsavelNovoId, r.afterNome),
    motivo: m.motivo,
    usuario: ref(m.userId, r.actorNome),
    created_at: m.createdAt.toISOString(),
  };
}
