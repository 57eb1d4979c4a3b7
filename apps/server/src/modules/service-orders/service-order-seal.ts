import { createHash } from 'node:crypto';
import { canonicalJson } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { createOsAssetsRepo } from './os-assets.repo.ts';
import { sealRows, storedSeals } from './service-order-seal.repo.ts';

// The sealed content of an OS is rebuilt from the stored rows every time (at sealing and at
// each verification), written as canonical JSON (sorted keys) and hashed with SHA-256. Any
// change to a sealed row (one byte of an answer, a photo's hash, the signature's hash, a time)
// gives another hash, and the verification answers "not authentic".
//
// The content holds what the OS owns and refers to everything else by id (contract, service
// type and its version, people, inventory items, checklist items): renaming a person, a
// contract or an item later is not a change to the sealed service. Seals made before this
// (the first format also hashed those names) still verify with the names they had.

/**
 * Events that may be written after sealing and are not part of the sealed content (the
 * vehicle's return km is usually read after the customer signed).
 */
const AFTER_SEAL = ['adendo', 'relatorio_enviado', 'km_retorno'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type SealRows = NonNullable<Awaited<ReturnType<typeof sealRows>>>;

/**
 * The sealed content. `names` is the first format, which also hashed the names of the contract,
 * service type, people, checklist items and materials (kept only to verify seals made then).
 */
function contentOf(rows: SealRows, names: boolean) {
  const { o, team, events, answers, photos, materials } = rows;
  const r = o.o;
  const content = {
    codigo: r.codigo,
    ...(names
      ? { contrato: { codigo: o.contractCodigo, nome: o.contractNome }, tipo: o.tipo }
      : { contract_id: r.contractId, service_type_id: r.serviceTypeId }),
    version_id: r.versionId,
    local: r.local,
    latitude: r.latitude,
    longitude: r.longitude,
    descricao: r.descricao,
    previsto: [iso(r.previstoInicio), iso(r.previstoFim)],
    status: r.status,
    check_in_em: iso(r.checkInEm),
    concluida_em: iso(r.concluidaEm),
    km_saida: r.kmSaida,
    observacoes: r.observacoes,
    equipe: team.map((t) => ({
      user_id: t.p.userId,
      ...(names ? { nome: t.nome } : {}),
      entrou: iso(t.p.entrouEm),
      saiu: iso(t.p.saiuEm),
    })),
    etapas: events
      .filter((e) => !AFTER_SEAL.includes(e.tipo))
      .map((e) => ({
        tipo: e.tipo,
        status: e.status,
        user_id: e.userId,
        em: iso(e.em),
        device_time: iso(e.deviceTime),
        pos: [e.latitude, e.longitude, e.precisaoM],
        distancia_m: e.distanciaM,
        motivo: e.motivo,
        texto: e.texto,
      })),
    respostas: answers.map(({ a, titulo }) => ({
      item_id: a.itemId,
      ...(names ? { titulo } : {}),
      v: [a.valorSimNao, a.valorNumero, a.valorTexto, a.valorOpcoes, a.valorData],
      observacao: a.observacao,
      por: a.respondidoPor,
      em: iso(a.respondidoEm),
    })),
    fotos: photos.map((p) => ({
      sha256: p.sha256,
      tirada_em: iso(p.tiradaEm),
      pos: [p.latitude, p.longitude, p.precisaoM],
      tag: p.tag,
      legenda: p.legenda,
      item_id: p.checklistItemId,
    })),
    materiais: materials.map(({ m, codigo, nome }) => ({
      ...(names ? { item: codigo, nome } : { item_id: m.itemId }),
      quantidade: m.quantidade,
      movement_id: m.movementId,
    })),
    cliente: {
      tipo: r.assinaturaTipo,
      nome: r.clienteNome,
      cpf: r.clienteCpf,
      assinatura_sha256: r.assinaturaSha256,
      recusa_motivo: r.recusaMotivo,
      avaliacao: r.avaliacao,
      comentario: r.comentario,
    },
    selada_em: iso(r.seladaEm),
  };
  return content;
}

/** The sealed content of an OS, from the database (the transaction's view when given). */
export async function sealedContent(db: DbOrTx, osId: number) {
  const rows = await sealRows(db, osId);
  if (!rows) return rows;
  const content = contentOf(rows, false);
  // The assets served and their answers (an OS without assets keeps its old content).
  const ativos = await createOsAssetsRepo(db).sealContent(osId);
  return ativos ? { ...content, ativos } : content;
}

/** The first format's content (with names), as seals made before ids-only were computed. */
export async function firstFormatSealedContent(db: DbOrTx, osId: number) {
  const rows = await sealRows(db, osId);
  return rows && contentOf(rows, true);
}

/** SHA-256 (hex) of the canonical sealed content. */
export function hashContent(content: unknown): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/** Recomputes the seal of OSs and tells which still match (by id). */
export async function verifySeals(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, boolean>();
  const rows = await storedSeals(db, ids);
  const out = new Map<number, boolean>();
  for (const r of rows) {
    const sealed = r.selo === null ? null : await sealRows(db, r.id);
    const ativos = sealed === null ? null : await createOsAssetsRepo(db).sealContent(r.id);
    const current = sealed && contentOf(sealed, false);
    out.set(
      r.id,
      sealed !== null &&
        (hashContent(ativos ? { ...current, ativos } : current) === r.selo ||
          hashContent(contentOf(sealed, true)) === r.selo),
    );
  }
  return out;
}
