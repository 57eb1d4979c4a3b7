import type { RequestAttachment, RequestEvent, RequestStatus, Solicitacao } from '@eproto/domain';
import type { RequestJoined, RequestsRepo } from './requests.repo.ts';

type EventRow = Awaited<ReturnType<RequestsRepo['events']>>[number];
type AttachmentRow = Awaited<ReturnType<RequestsRepo['attachments']>>[number];

export function toRequest(r: RequestJoined): Solicitacao {
  return {
    id: r.r.id,
    tipo: r.r.tipo,
    descricao: r.r.descricao,
    urgencia: r.r.urgencia,
    contrato:
      r.r.contractId !== null && r.contractCodigo && r.contractNome
        ? { id: r.r.contractId, codigo: r.contractCodigo, nome: r.contractNome }
        : null,
    valor: r.r.valor,
    status: r.r.status,
    solicitante: { id: r.r.requesterId, nome: r.requesterNome },
    epi_entrega_id: r.r.epiDeliveryId,
    anexos: r.anexos,
    created_at: r.r.createdAt.toISOString(),
    updated_at: r.r.updatedAt.toISOString(),
  };
}

export function toEvent(e: EventRow): RequestEvent {
  return {
    id: e.e.id,
    de: e.e.fromStatus as RequestStatus | null,
    para: e.e.toStatus as RequestStatus,
    usuario: e.e.userId !== null && e.nome ? { id: e.e.userId, nome: e.nome } : null,
    comentario: e.e.comentario,
    created_at: e.e.createdAt.toISOString(),
  };
}

export function toAttachment(a: AttachmentRow): RequestAttachment {
  return {
    id: a.a.id,
    nome: a.a.fileName,
    mime: a.a.mimeType,
    tamanho: a.a.size,
    enviado_por: a.a.uploadedBy !== null && a.nome ? { id: a.a.uploadedBy, nome: a.nome } : null,
    created_at: a.a.createdAt.toISOString(),
  };
}
