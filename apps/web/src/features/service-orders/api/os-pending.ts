import type {
  OsAction,
  OsAnswerBody,
  OsConcludeBody,
  OsDetail,
  OsEventKind,
  OsKmBody,
  OsKmKind,
  OsMaterialBody,
  OsPhoto,
  OsPhotoMeta,
  OsStepBody,
  PersonRef,
} from '@eproto/domain';
import { isAnswered, missingRequired, OS_ACTION_TARGET } from '@eproto/domain';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import type { OsStep } from './os-step-request.ts';

/** What of an OS waits on the phone, for the page to mark it "aguardando conexão". */
export interface OsPendingView {
  /** Steps waiting for the signal, oldest first. */
  waiting: OutboxItem[];
  /** Steps the server refused ("Precisa de atenção"): not applied to the view. */
  attention: OutboxItem[];
  /** A status step (check-in, pause...) or the conclusion waits. */
  status: boolean;
  concluded: boolean;
  answers: ReadonlySet<number>;
  /** Ids (negative) of photos and materials that only exist on the phone. */
  photos: ReadonlySet<number>;
  materials: ReadonlySet<number>;
  km: ReadonlySet<OsKmKind>;
  /** People whose joining or leaving the team waits. */
  team: ReadonlySet<number>;
}

export const NO_PENDING: OsPendingView = {
  waiting: [],
  attention: [],
  status: false,
  concluded: false,
  answers: new Set(),
  photos: new Set(),
  materials: new Set(),
  km: new Set(),
  team: new Set(),
};

/** The id a queued photo or material has on the page until the server gives it one. */
export const localIdOf = (w: Pick<OutboxItem, 'seq'>) => -w.seq;

/** The queued write behind a local (negative) id. */
export function pendingWriteOf(items: readonly OutboxItem[], localId: number) {
  return items.find((i) => localIdOf(i) === localId && i.state !== 'sending');
}

const STEP_EVENT: Record<OsAction, OsEventKind> = {
  a_caminho: 'a_caminho',
  check_in: 'check_in',
  pausar: 'pausada',
  retomar: 'retomada',
  cancelar: 'cancelada',
};

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

interface Draft {
  os: OsDetail;
  view: OsPendingView & {
    answers: Set<number>;
    photos: Set<number>;
    materials: Set<number>;
    km: Set<OsKmKind>;
    team: Set<number>;
  };
}

function applyEtapa(d: Draft, w: OutboxItem, me: PersonRef | null) {
  const b = w.body as OsStepBody;
  const status = OS_ACTION_TARGET[b.acao];
  d.view.status = true;
  d.os.status = status;
  if (b.acao === 'check_in') d.os.check_in_em = w.deviceTime;
  d.os.historico = [
    ...d.os.historico,
    {
      id: localIdOf(w),
      tipo: STEP_EVENT[b.acao],
      status,
      autor: me,
      em: w.deviceTime,
      device_time: w.deviceTime,
      latitude: num(b.latitude),
      longitude: num(b.longitude),
      precisao_m: num(b.precisao_m),
      distancia_m: null,
      motivo: str(b.motivo_distancia) ?? str(b.motivo),
      texto: 'aguardando conexão',
    },
  ];
}

function applyAnswer(d: Draft, w: OutboxItem, me: PersonRef | null) {
  const itemId = Number(w.meta.itemId);
  const b = w.body as OsAnswerBody;
  d.view.answers.add(itemId);
  d.os.checklist = d.os.checklist.map((c) =>
    c.item.id !== itemId
      ? c
      : {
          ...c,
          resposta: {
            item_id: itemId,
            valor_sim_nao: b.valor_sim_nao ?? null,
            valor_numero: b.valor_numero ?? null,
            valor_texto: b.valor_texto ?? null,
            valor_opcoes: b.valor_opcoes ?? null,
            valor_data: b.valor_data ?? null,
            observacao: b.observacao ?? null,
            respondido_por: me,
            respondido_em: w.deviceTime,
            device_time: w.deviceTime,
          },
        },
  );
}

/** An object URL showing a queued Blob (a photo, a signature) on the page. */
export type BlobUrl = (w: OutboxItem, blob: Blob, field: string) => string;

function applyPhoto(d: Draft, w: OutboxItem, me: PersonRef | null, urlOf: BlobUrl) {
  const file = w.form?.files[0];
  if (!file) return;
  let meta: OsPhotoMeta = {};
  try {
    meta = (JSON.parse(w.form?.fields.meta ?? '[]') as OsPhotoMeta[])[0] ?? {};
  } catch {
    // shown without its details
  }
  const photo: OsPhoto = {
    id: localIdOf(w),
    url: urlOf(w, file.blob, file.field),
    mime_type: file.blob.type,
    tamanho: file.blob.size,
    sha256: '',
    tirada_em: meta.tirada_em ?? w.deviceTime,
    latitude: meta.latitude ?? null,
    longitude: meta.longitude ?? null,
    precisao_m: meta.precisao_m ?? null,
    tag: meta.tag ?? null,
    legenda: meta.legenda ?? null,
    checklist_item_id: meta.checklist_item_id ?? null,
    enviada_por: me,
    created_at: w.deviceTime,
  };
  d.view.photos.add(photo.id);
  d.os.fotos = [...d.os.fotos, photo];
}

function applyMaterial(d: Draft, w: OutboxItem, me: PersonRef | null) {
  const b = w.body as OsMaterialBody;
  const id = localIdOf(w);
  d.view.materials.add(id);
  d.os.materiais = [
    ...d.os.materiais,
    {
      id,
      item: {
        id: b.item_id,
        codigo: str(w.meta.itemCodigo) ?? '',
        nome: str(w.meta.itemNome) ?? `Item ${b.item_id}`,
        natureza: w.meta.natureza === 'patrimonio' ? 'patrimonio' : 'consumivel',
        unidade: str(w.meta.itemUnidade) ?? '',
      },
      quantidade: Number(b.quantidade),
      // The cost is kept by the server when it records the material.
      custo_unitario: null,
      observacao: b.observacao ?? null,
      movement_id: null,
      registrado_por: me,
      created_at: w.deviceTime,
    },
  ];
}

function applyKm(d: Draft, w: OutboxItem) {
  const b = w.body as OsKmBody;
  d.view.km.add(b.tipo);
  const km = { ...d.os.km, [b.tipo]: b.km };
  km.rodados = km.saida !== null && km.retorno !== null ? km.retorno - km.saida : null;
  d.os.km = km;
}

/** A helper joining (shown in the team from the moment it was done) or leaving (saiu). */
function applyTeam(d: Draft, w: OutboxItem, joins: boolean) {
  const id = Number(w.meta.userId);
  const active = d.os.equipe.find((m) => m.pessoa.id === id && m.saiu_em === null);
  if (joins && active) return;
  if (!joins && !active) return;
  d.view.team.add(id);
  const nome = joins ? (str(w.meta.userNome) ?? 'Pessoa adicionada') : '';
  // `pessoas` is the current team (the header's "who").
  d.os.pessoas = joins ? [...d.os.pessoas, { id, nome }] : d.os.pessoas.filter((p) => p.id !== id);
  d.os.equipe = joins
    ? [
        ...d.os.equipe,
        {
          pessoa: { id, nome },
          entrou_em: w.deviceTime,
          saiu_em: null,
          minutos: 0,
        },
      ]
    : d.os.equipe.map((m) => (m === active ? { ...m, saiu_em: w.deviceTime } : m));
}

function applyConclude(d: Draft, w: OutboxItem, urlOf: BlobUrl) {
  const b = w.body as OsConcludeBody;
  // Kept as a Blob (lib/offline/outbox-migrate); a data URL only in a write not yet migrated.
  const drawn = w.blobs?.assinatura;
  d.view.status = true;
  d.view.concluded = true;
  d.os.status = 'concluida';
  d.os.concluida_em = w.deviceTime;
  d.os.observacoes = b.observacoes ?? d.os.observacoes;
  d.os.assinatura = {
    tipo: b.tipo,
    cliente_nome: b.cliente_nome ?? null,
    cliente_cpf: typeof b.cliente_cpf === 'string' ? b.cliente_cpf : null,
    recusa_motivo: b.recusa_motivo ?? null,
    avaliacao: num(b.avaliacao),
    comentario: b.comentario ?? null,
    imagem_url: drawn ? urlOf(w, drawn, 'assinatura') : str(b.assinatura),
    em: w.deviceTime,
  };
}

function apply(d: Draft, w: OutboxItem, me: PersonRef | null, urlOf: BlobUrl) {
  switch (w.meta.tipo as OsStep['tipo']) {
    case 'etapa':
      return applyEtapa(d, w, me);
    case 'resposta':
      return applyAnswer(d, w, me);
    case 'fotos':
      return applyPhoto(d, w, me, urlOf);
    case 'foto-remover':
      d.os.fotos = d.os.fotos.filter((f) => f.id !== w.meta.fotoId);
      return;
    case 'material':
      return applyMaterial(d, w, me);
    case 'material-estornar':
      d.os.materiais = d.os.materiais.filter((m) => m.id !== w.meta.materialId);
      return;
    case 'km':
      return applyKm(d, w);
    case 'concluir':
      return applyConclude(d, w, urlOf);
    case 'equipe-adicionar':
      return applyTeam(d, w, true);
    case 'equipe-remover':
      return applyTeam(d, w, false);
  }
}

/** Checklist counts and the missing required items again, with the queued answers and photos. */
function recount(os: OsDetail): OsDetail {
  const photos = new Map<number, number>();
  for (const f of os.fotos) {
    if (f.checklist_item_id !== null) {
      photos.set(f.checklist_item_id, (photos.get(f.checklist_item_id) ?? 0) + 1);
    }
  }
  const checklist = os.checklist.map((c) => {
    const fotos = photos.get(c.item.id) ?? 0;
    return { ...c, fotos, respondido: isAnswered(c.item, c.resposta, fotos) };
  });
  const answers = new Map(checklist.flatMap((c) => (c.resposta ? [[c.item.id, c.resposta]] : [])));
  return {
    ...os,
    checklist,
    pendencias: missingRequired(
      checklist.map((c) => c.item),
      answers,
      photos,
    ),
  };
}

/**
 * The OS as the technician sees it: the server's copy with every step still waiting on the
 * phone applied in order (check-in done, answers, photos from their local Blob, materials, km,
 * the conclusion), and which parts are "aguardando conexão". Refused steps are not applied.
 */
export function applyPendingSteps(
  server: OsDetail,
  writes: readonly OutboxItem[],
  options: { me: PersonRef | null; blobUrl: BlobUrl },
): { os: OsDetail; pending: OsPendingView } {
  const mine = writes.filter((w) => w.meta.osId === server.id);
  const waiting = mine.filter((w) => w.state !== 'attention');
  const attention = mine.filter((w) => w.state === 'attention');
  if (mine.length === 0) return { os: server, pending: NO_PENDING };
  const d: Draft = {
    os: { ...server },
    view: {
      waiting,
      attention,
      status: false,
      concluded: false,
      answers: new Set(),
      photos: new Set(),
      materials: new Set(),
      km: new Set(),
      team: new Set(),
    },
  };
  for (const w of waiting) apply(d, w, options.me, options.blobUrl);
  return { os: waiting.length > 0 ? recount(d.os) : d.os, pending: d.view };
}
