import { avatarUrl } from '../users/users.mapper.ts';
import type { WorkItemKind } from './work-item-kind.ts';

/** `{ [field]: id }`, typed: names the item in an answer ('mural_id': 3). */
export function itemRef<F extends string>(field: F, id: number): Record<F, number> {
  return { [field]: id } as Record<F, number>;
}

/** A message row as the API answers it. */
export function toMessage<F extends string>(
  kind: Pick<WorkItemKind<F>, 'idField' | 'apiBase'>,
  r: {
    id: number;
    itemId: number;
    texto: string;
    authorId: number | null;
    authorNome: string | null;
    authorAvatarPath: string | null;
    mentions: number[];
    createdAt: Date;
    updatedAt?: Date;
  },
) {
  return {
    id: r.id,
    ...itemRef(kind.idField, r.itemId),
    texto: r.texto,
    author_id: r.authorId,
    author_nome: r.authorNome,
    author_avatar: r.authorId
      ? avatarUrl({ id: r.authorId, avatarPath: r.authorAvatarPath })
      : null,
    mentions: r.mentions,
    created_at: r.createdAt.toISOString(),
    ...(r.updatedAt ? { updated_at: r.updatedAt.toISOString() } : {}),
  };
}

/** An attachment row as the API answers it, with its download address. */
export function toAttachment<F extends string>(
  kind: Pick<WorkItemKind<F>, 'idField' | 'apiBase'>,
  r: {
    id: number;
    itemId: number;
    displayName: string;
    fileName: string;
    mimeType: string;
    size: number;
    uploadedBy: number | null;
    uploadedByNome: string | null;
    createdAt: Date;
  },
) {
  return {
    id: r.id,
    ...itemRef(kind.idField, r.itemId),
    display_name: r.displayName,
    file_name: r.fileName,
    mime_type: r.mimeType,
    size: r.size,
    uploaded_by: r.uploadedBy,
    uploaded_by_nome: r.uploadedByNome,
    created_at: r.createdAt.toISOString(),
    download_url: `${kind.apiBase}/${r.itemId}/attachments/${r.id}/download`,
  };
}

/** A history row as the API answers it. */
export function toHistory<F extends string>(
  kind: Pick<WorkItemKind<F>, 'idField' | 'apiBase'>,
  r: {
    id: number;
    itemId: number;
    action: string;
    authorId: number | null;
    authorNome: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    texto: string | null;
    createdAt: Date;
  },
) {
  return {
    id: r.id,
    ...itemRef(kind.idField, r.itemId),
    action: r.action,
    author_id: r.authorId,
    author_nome: r.authorNome,
    before: r.before,
    after: r.after,
    texto: r.texto,
    created_at: r.createdAt.toISOString(),
  };
}
