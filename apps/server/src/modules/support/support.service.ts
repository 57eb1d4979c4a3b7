import type {
  CreateTicketBody,
  TicketAttachment,
  TicketDetail,
  TicketListChanges,
  TicketStatus,
  TicketSummary,
} from '@eproto/domain';
import { can, canMoveTicket, roleOf, TICKET_STATUS_LABELS, RT_EVENTS } from '@eproto/domain';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { createSupportRepo, type TicketListFilter, type TicketRow } from './support.repo.ts';

interface PersonRow {
  id: number | null;
  nome: string | null;
  avatarPath: string | null;
}

const toPerson = (p: PersonRow | null) =>
  p?.id != null && p.nome != null
    ? { id: p.id, nome: p.nome, avatar: p.avatarPath ? `/api/users/${p.id}/avatar-image` : null }
    : null;

function toSummary(t: TicketRow, opener: PersonRow, commentCount: number): TicketSummary {
  return {
    id: t.id,
    assunto: t.assunto,
    categoria: t.categoria,
    prioridade: t.prioridade,
    status: t.status,
    openedBy: toPerson(opener) ?? { id: t.openedBy, nome: '—', avatar: null },
    commentCount,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Support tickets (/ti/help): ti sees every ticket, everyone else only their own. */
export function createSupportService(deps: ServiceDeps) {
  const { db } = deps.database;
  const repo = createSupportRepo(db);
  const notifications = deps.notifications;

  /** Who handles tickets (support.handle): told of every new ticket and comment. */
  async function tiIds(): Promise<number[]> {
    const people = await repo.activeUsers();
    return people.filter((u) => can(roleOf(u.role), 'support.handle')).map((u) => u.id);
  }

  /** The ticket when the actor may see it; 404 otherwise so ids cannot be probed. */
  async function visible(actor: SessionUser, id: number) {
    const row = await repo.byId(id);
    if (!row || (!can(actor, 'support.handle') && row.ticket.openedBy !== actor.id))
      throw notFound('Chamado');
    return row;
  }

  /**
   * Notifies the other side of a change and tells the open tabs what changed: the ticket's id
   * and its `updatedAt` after the write (`after`) as the version (issue 37), to its opener and
   * the ti only.
   */
  async function announce(
    actor: SessionUser,
    ticket: TicketRow,
    after: TicketRow,
    customText: string,
    tx?: DbOrTx,
  ): Promise<() => Promise<void>> {
    const ti = await tiIds();
    // The opener hears of every change; ti hears of what the opener does.
    const userIds = actor.id === ticket.openedBy ? ti : [ticket.openedBy];
    const publishNotification = await notifications.notify(
      { userIds, type: 'other', authorId: actor.id, customText, link: `/ti/help/${ticket.id}` },
      tx,
    );
    return async () => {
      await publishNotification();
      await deps.events.publish({
        type: RT_EVENTS.supportChanged,
        userIds: [...new Set([ticket.openedBy, ...ti])],
        id: ticket.id,
        version: after.updatedAt.toISOString(),
        data: { id: ticket.id },
      });
    };
  }

  async function detail(actor: SessionUser, id: number): Promise<TicketDetail> {
    const { ticket, opener } = await visible(actor, id);
    const [events, attachments] = await Promise.all([repo.events(id), repo.attachments(id)]);
    const comments = events.filter((e) => e.event.kind === 'comment').length;
    return {
      ...toSummary(ticket, opener, comments),
      descricao: ticket.descricao,
      resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
      events: events.map(({ event, author }) => ({
        id: event.id,
        kind: event.kind,
        texto: event.texto,
        status: event.status,
        author: toPerson(author),
        createdAt: event.createdAt.toISOString(),
      })),
      attachments: attachments.map(({ attachment: a, uploader }) => toAttachment(a, uploader)),
    };
  }

  function toAttachment(
    a: {
      id: number;
      ticketId: number;
      fileName: string;
      mimeType: string;
      size: number;
      createdAt: Date;
    },
    uploader: PersonRow | null,
  ): TicketAttachment {
    return {
      id: a.id,
      fileName: a.fileName,
      mimeType: a.mimeType,
      size: a.size,
      uploadedBy: toPerson(uploader),
      createdAt: a.createdAt.toISOString(),
      url: `/api/support/tickets/${a.ticketId}/attachments/${a.id}/download`,
    };
  }

  return {
    detail,

    async list(actor: SessionUser, f: Omit<TicketListFilter, 'openedBy'>) {
      const { rows, total } = await repo.list({
        ...f,
        openedBy: can(actor, 'support.handle') ? null : actor.id,
      });
      return {
        items: rows.map((r) => toSummary(r.ticket, r.opener, r.commentCount)),
        total,
        page: f.page,
        perPage: f.perPage,
      };
    },

    /** What changed on one page of the list since `updated_since` (the list's own scope). */
    async listChanges(
      actor: SessionUser,
      f: Omit<TicketListFilter, 'openedBy'> & { updated_since: string },
    ): Promise<TicketListChanges> {
      const cursor = nextSyncCursor();
      const { ids, rows, total } = await repo.pageChangesSince(
        {
          status: f.status,
          search: f.search,
          page: f.page,
          perPage: f.perPage,
          openedBy: can(actor, 'support.handle') ? null : actor.id,
        },
        new Date(f.updated_since),
      );
      const order = new Map(ids.map((id, i) => [id, i]));
      const items = rows
        .map((r) => toSummary(r.ticket, r.opener, r.commentCount))
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { items, ids, total, cursor };
    },

    async create(actor: SessionUser, body: CreateTicketBody) {
      const { ticket, publish } = await db.transaction(async (tx) => {
        const created = await createSupportRepo(tx).create({ ...body, openedBy: actor.id });
        const announced = await announce(
          actor,
          created,
          created,
          `Novo chamado #${created.id}: ${created.assunto}`,
          tx,
        );
        return { ticket: created, publish: announced };
      });
      await publish();
      return detail(actor, ticket.id);
    },

    async comment(actor: SessionUser, id: number, texto: string) {
      const { ticket } = await visible(actor, id);
      const publish = await db.transaction(async (tx) => {
        const r = createSupportRepo(tx);
        await r.addEvent({ ticketId: id, kind: 'comment', texto, authorId: actor.id });
        const after = await r.update(id, {});
        return announce(
          actor,
          ticket,
          after,
          `Novo comentário no chamado #${id} (${ticket.assunto}): ${texto}`,
          tx,
        );
      });
      await publish();
      return detail(actor, id);
    },

    async setStatus(actor: SessionUser, id: number, status: TicketStatus) {
      const { ticket } = await visible(actor, id);
      if (!can(actor, 'support.handle')) {
        throw new AppError('FORBIDDEN', 'Somente a TI altera o status do chamado.');
      }
      if (!canMoveTicket(ticket.status, status)) {
        throw new AppError(
          'CONFLICT',
          `Não é possível mudar de "${TICKET_STATUS_LABELS[ticket.status]}" para "${TICKET_STATUS_LABELS[status]}".`,
        );
      }
      const publish = await db.transaction(async (tx) => {
        const r = createSupportRepo(tx);
        const after = await r.update(id, {
          status,
          resolvedAt: status === 'resolvido' ? new Date() : null,
        });
        await r.addEvent({ ticketId: id, kind: 'status', status, authorId: actor.id });
        return announce(
          actor,
          ticket,
          after,
          `Chamado #${id} (${ticket.assunto}): ${TICKET_STATUS_LABELS[status]}`,
          tx,
        );
      });
      await publish();
      return detail(actor, id);
    },

    async addAttachment(actor: SessionUser, id: number, file: IncomingFile) {
      const { ticket } = await visible(actor, id);
      const fileName = safeFileName(file.fileName);
      const type = acceptedFileType(file.head, fileName);
      const key = await deps.storage.put('support', type.ext, file.stream);
      try {
        const publish = await db.transaction(async (tx) => {
          const r = createSupportRepo(tx);
          await r.addAttachment({
            ticketId: id,
            fileName,
            mimeType: type.mime,
            size: file.size(),
            storageKey: key,
            uploadedBy: actor.id,
          });
          const after = await r.update(id, {});
          return announce(
            actor,
            ticket,
            after,
            `Novo anexo no chamado #${id}: ${ticket.assunto}`,
            tx,
          );
        });
        await publish();
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      return detail(actor, id);
    },

    async download(
      actor: SessionUser,
      id: number,
      attId: number,
    ): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number }> {
      await visible(actor, id);
      const a = await repo.attachment(id, attId);
      if (!a || !(await deps.storage.exists(a.storageKey))) throw notFound('Anexo');
      return {
        stream: deps.storage.get(a.storageKey),
        fileName: a.fileName,
        mimeType: a.mimeType,
        size: a.size,
      };
    },
  };
}
