import {
  formatCpf,
  formatPlate,
  isAnswered,
  missingRequired,
  OS_FINAL_STATUSES,
  type OsAnswer,
  type OsAnswerValue,
  type OsDetail,
  type OsEvent,
  type OsEventKind,
  type OsPhoto,
  type OsSummary,
  withoutHealthReason,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { OsAccess } from './service-order-access.ts';
import { perAssetChecklist } from './os-assets.ts';
import type { OsAnswerRow, OsJoined, OsPhotoRow, OsRow } from './service-orders.repo.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';
import { reportLinkOf } from './service-order-report-link.ts';
import { totalsOf, type OsTotals } from './service-order-totals.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';
import { toItemRule, toTemplateItem } from './service-types.service.ts';
import { queryAll } from '../../db/query-all.ts';

export const OS_API = '/api/tatico/os';

/** Not concluded or cancelled, and the planned end has passed. */
export const isLate = (o: Pick<OsRow, 'status' | 'previstoFim'>, now: Date) =>
  !OS_FINAL_STATUSES.includes(o.status) && o.previstoFim.getTime() < now.getTime();

/**
 * The OS as a list shows it. `totals` come from `loadTotals` (SQL); `seesCost` is the caller's
 * `seesOsCost(role)`: without it `custo` is null (equipe never gets costs).
 */
export function toSummary(
  r: OsJoined,
  pessoas: { id: number; nome: string }[],
  now: Date,
  totals: OsTotals,
  seesCost: boolean,
): OsSummary {
  const o = r.o;
  return {
    id: o.id,
    codigo: o.codigo,
    status: o.status,
    contrato: { id: o.contractId, codigo: r.contractCodigo, nome: r.contractNome },
    tipo: { id: o.serviceTypeId, nome: r.tipoNome },
    local: o.local,
    previsto_inicio: o.previstoInicio.toISOString(),
    previsto_fim: o.previstoFim.toISOString(),
    pessoas,
    veiculo:
      o.vehicleId !== null && r.vehiclePlaca
        ? { id: o.vehicleId, placa: formatPlate(r.vehiclePlaca), modelo: r.vehicleModelo ?? '' }
        : null,
    agenda_entry_id: o.agendaEntryId,
    atrasada: isLate(o, now),
    check_in_em: o.checkInEm?.toISOString() ?? null,
    concluida_em: o.concluidaEm?.toISOString() ?? null,
    selada: o.selo !== null,
    updated_at: o.updatedAt.toISOString(),
    minutos_trabalhados: totals.minutos,
    materiais_usados: totals.materiais,
    custo: seesCost ? totals.custo : null,
  };
}

export const answerValue = (a: OsAnswerRow): OsAnswerValue => ({
  valor_sim_nao: a.valorSimNao,
  valor_numero: a.valorNumero,
  valor_texto: a.valorTexto,
  valor_opcoes: a.valorOpcoes,
  valor_data: a.valorData,
});

export function toAnswer(a: OsAnswerRow, autorNome: string | null): OsAnswer {
  return {
    item_id: a.itemId,
    ...answerValue(a),
    observacao: a.observacao,
    respondido_por:
      a.respondidoPor !== null ? { id: a.respondidoPor, nome: autorNome ?? '' } : null,
    respondido_em: a.respondidoEm.toISOString(),
    device_time: a.deviceTime?.toISOString() ?? null,
  };
}

export function toPhoto(p: OsPhotoRow, autorNome: string | null): OsPhoto {
  return {
    id: p.id,
    url: `${OS_API}/${p.serviceOrderId}/fotos/${p.id}`,
    miniatura_url: `${OS_API}/${p.serviceOrderId}/fotos/${p.id}/miniatura`,
    mime_type: p.mimeType,
    tamanho: p.size,
    sha256: p.sha256,
    tirada_em: p.tiradaEm?.toISOString() ?? null,
    latitude: p.latitude,
    longitude: p.longitude,
    precisao_m: p.precisaoM,
    tag: p.tag,
    legenda: p.legenda,
    checklist_item_id: p.checklistItemId,
    enviada_por: p.uploadedBy !== null ? { id: p.uploadedBy, nome: autorNome ?? '' } : null,
    created_at: p.createdAt.toISOString(),
  };
}

/**
 * Everything about one OS the caller may see, with what they may do; costs only when
 * `seesCost` (the caller's role, `seesOsCost`).
 */
export async function loadDetail(
  db: DbOrTx,
  access: OsAccess,
  now: Date,
  seesCost = false,
): Promise<OsDetail> {
  const repo = createServiceOrdersRepo(db);
  const types = createServiceTypesRepo(db);
  const o = access.row.o;
  const [team, items, answers, photos, materials, events, addenda, version, totals] =
    await queryAll(db, [
      () => repo.people([o.id]),
      () => types.items([o.versionId]),
      () => repo.answers(o.id),
      () => repo.photos(o.id),
      () => repo.materials(o.id),
      () => repo.events(o.id),
      () => repo.addenda(o.id),
      () => types.version(o.versionId),
      () => totalsOf(db, o.id, now),
    ]);
  const answerByItem = new Map(answers.map((a) => [a.a.itemId, a]));
  const photosPerItem = new Map<number, number>();
  for (const p of photos) {
    const k = p.p.checklistItemId;
    if (k !== null) photosPerItem.set(k, (photosPerItem.get(k) ?? 0) + 1);
  }
  const rules = items.map(toItemRule);
  const values = new Map(answers.map((a) => [a.a.itemId, answerValue(a.a)]));
  const current = team.filter((p) => p.saiuEm === null);
  const sealed = o.selo !== null;
  const open = !OS_FINAL_STATUSES.includes(o.status);
  const perAsset = await perAssetChecklist(db, o, photosPerItem);

  const historico: OsEvent[] = events.map(({ e, autorNome }) => ({
    id: e.id,
    tipo: e.tipo as OsEventKind,
    status: e.status,
    autor: e.userId !== null ? { id: e.userId, nome: autorNome ?? '' } : null,
    em: e.em.toISOString(),
    device_time: e.deviceTime?.toISOString() ?? null,
    latitude: e.latitude,
    longitude: e.longitude,
    precisao_m: e.precisaoM,
    distancia_m: e.distanciaM,
    motivo: e.motivo,
    // Releases written before issue 38 may name the ASO fitness: nobody reads it from the OS.
    texto: e.tipo === 'sst_liberacao' && e.texto ? withoutHealthReason(e.texto) : e.texto,
  }));

  return {
    ...toSummary(
      access.row,
      current.map((p) => ({ id: p.id, nome: p.nome })),
      now,
      totals,
      seesCost,
    ),
    descricao: o.descricao,
    latitude: o.latitude,
    longitude: o.longitude,
    cliente_email: o.clienteEmail,
    demanda:
      o.muralId !== null && access.row.muralTitulo
        ? { id: o.muralId, titulo: access.row.muralTitulo }
        : null,
    modelo: { version_id: o.versionId, versao: version?.versao ?? 1 },
    checklist: items.map((it, i) => {
      const a = answerByItem.get(it.id);
      return {
        item: toTemplateItem(it),
        resposta: a ? toAnswer(a.a, a.autorNome) : null,
        fotos: photosPerItem.get(it.id) ?? 0,
        respondido: isAnswered(rules[i]!, values.get(it.id), photosPerItem.get(it.id) ?? 0),
      };
    }),
    // An OS that serves assets is answered per asset ("AC-01: Filtro limpo").
    pendencias: perAsset.pendencias ?? missingRequired(rules, values, photosPerItem),
    ativos: perAsset.ativos,
    fotos: photos.map((p) => toPhoto(p.p, p.autorNome)),
    materiais: materials.map((m) => ({
      id: m.m.id,
      item: {
        id: m.m.itemId,
        codigo: m.itemCodigo,
        nome: m.itemNome,
        natureza: m.itemNatureza,
        unidade: m.itemUnidade,
      },
      quantidade: m.m.quantidade,
      custo_unitario: seesCost ? m.m.custoUnitario : null,
      observacao: m.m.observacao,
      movement_id: m.m.movementId,
      registrado_por: m.m.userId !== null ? { id: m.m.userId, nome: m.autorNome ?? '' } : null,
      created_at: m.m.createdAt.toISOString(),
    })),
    km: {
      saida: o.kmSaida,
      retorno: o.kmRetorno,
      rodados: o.kmSaida !== null && o.kmRetorno !== null ? o.kmRetorno - o.kmSaida : null,
    },
    equipe: team.map((p) => ({
      pessoa: { id: p.id, nome: p.nome },
      entrou_em: p.entrouEm.toISOString(),
      saiu_em: p.saiuEm?.toISOString() ?? null,
      minutos: totals.porPeriodo.get(p.rowId) ?? 0,
    })),
    historico,
    observacoes: o.observacoes,
    cancelamento_motivo: o.cancelamentoMotivo,
    assinatura: o.assinaturaTipo
      ? {
          tipo: o.assinaturaTipo,
          cliente_nome: o.clienteNome,
          cliente_cpf: o.clienteCpf ? formatCpf(o.clienteCpf) : null,
          recusa_motivo: o.recusaMotivo,
          avaliacao: o.avaliacao,
          comentario: o.comentario,
          imagem_url: o.assinaturaKey ? `${OS_API}/${o.id}/assinatura` : null,
          em: (o.concluidaEm ?? o.updatedAt).toISOString(),
        }
      : null,
    selo:
      sealed && o.seladaEm
        ? {
            sha256: o.selo!,
            selada_em: o.seladaEm.toISOString(),
            verificacao_path: `/os/verificar/${o.verificacaoCodigo}`,
            verificacao_codigo: o.verificacaoCodigo,
          }
        : null,
    relatorio_link: sealed ? reportLinkOf(o, now) : null,
    adendos: addenda.map((a) => ({
      id: a.a.id,
      texto: a.a.texto,
      autor: a.a.authorId !== null ? { id: a.a.authorId, nome: a.autorNome ?? '' } : null,
      created_at: a.a.createdAt.toISOString(),
    })),
    permissoes: {
      executar: access.onTeam && open,
      gerenciar: access.manager && open,
      enviar_relatorio: (access.manager || access.onTeam) && sealed,
      adendo: access.addendum && sealed,
    },
  };
}
