import type {
  OsAction,
  OsAnswerBody,
  OsAssets,
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
import { OS_ACTION_TARGET } from '@eproto/domain';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import type { OsPendingView } from './os-pending-view.ts';

/**
 * How each kind of waiting OS step shows on the OS before the server has it (done but
 * "aguardando conexão"): the functions OS_STEP_KINDS (os-step-kinds.ts) gives each kind.
 */

/** The id a queued photo or material has on the page until the server gives it one. */
export const localIdOf = (w: Pick<OutboxItem, 'seq'>) => -w.seq;

/** The OS being drawn with the waiting steps, and which parts of it wait. */
export interface Draft {
  os: OsDetail;
  /** The OS's assets as last read, when it serves any: their queued answers go on them. */
  assets: OsAssets | undefined;
  view: OsPendingView & {
    answers: Set<number>;
    assetAnswers: Set<string>;
    photos: Set<number>;
    materials: Set<number>;
    km: Set<OsKmKind>;
    team: Set<number>;
  };
}

/** An object URL showing a queued Blob (a photo, a signature) on the page. */
export type BlobUrl = (w: OutboxItem, blob: Blob, field: string) => string;

/** What applying a write needs besides the write: who is on the phone, the Blobs' URLs. */
export interface ApplyEnv {
  me: PersonRef | null;
  urlOf: BlobUrl;
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

export function applyEtapa(d: Draft, w: OutboxItem, { me }: ApplyEnv) {
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

export function applyAnswer(d: Draft, w: OutboxItem, { me }: ApplyEnv) {
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

export function applyPhoto(d: Draft, w: OutboxItem, { me, urlOf }: ApplyEnv) {
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

export function applyMaterial(d: Draft, w: OutboxItem, { me }: ApplyEnv) {
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

export function applyKm(d: Draft, w: OutboxItem) {
  const b = w.body as OsKmBody;
  d.view.km.add(b.tipo);
  const km = { ...d.os.km, [b.tipo]: b.km };
  km.rodados = km.saida !== null && km.retorno !== null ? km.retorno - km.saida : null;
  d.os.km = km;
}

/** A helper joining (shown in the team from the moment it was done) or leaving (saiu). */
export function applyTeam(d: Draft, w: OutboxItem, joins: boolean) {
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

export function applyConclude(d: Draft, w: OutboxItem, { urlOf }: ApplyEnv) {
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
