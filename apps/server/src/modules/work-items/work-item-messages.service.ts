import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { resolveMentions } from './mentions.ts';
import type { WorkItemAccess, WorkItemKind } from './work-item-kind.ts';
import { toMessage } from './work-item-mapper.ts';
import { createWorkItemsRepo } from './work-items.repo.ts';

type Author = ScopeUser & { nome: string; avatarPath: string | null };

/** Messages of any work item with @mentions (one rule for every kind, see mentions.ts). */
export function createWorkItemMessagesService<F extends string, A extends WorkItemAccess>(
  deps: ServiceDeps,
  kind: WorkItemKind<F, A>,
) {
  const { db } = deps.database;
  const notifications = deps.notifications;
  const repo = () => createWorkItemsRepo(db, kind.tables);
  const mentionText = (author: string, item: WorkItemAccess, texto: string) =>
    `${author} mencionou você ${item.where}: ${texto}`;

  return {
    async mentionables(u: ScopeUser, id: number) {
      return kind.mentionables(db, await kind.access(deps.access, db, u, id));
    },

    /** The thread; with `updated_since` only messages posted or changed since (none is deleted). */
    async list(u: ScopeUser, id: number, updatedSince?: string) {
      await kind.access(deps.access, db, u, id);
      const since = updatedSince && new Date(updatedSince).toISOString();
      return (await repo().messages(id, since)).map((r) => toMessage(kind, r));
    },

    /**
     * Posts a message. The people it mentions who see the item are notified; those written
     * with "@" who do not are named in `not_notified`, so the author is told.
     */
    async post(u: Author, id: number, texto: string, picked: number[] = []) {
      const item = await kind.access(deps.access, db, u, id);
      if (!item.can.message) throw forbidden();
      const people = await kind.mentionables(db, item);
      const everyone = texto.includes('@') ? (await repo().activePeople()).map(toUserRef) : [];
      const { notified, outside } = resolveMentions({
        texto,
        picked,
        authorId: u.id,
        mentionables: people,
        everyone,
      });
      const { message, publish } = await db.transaction(async (tx) => {
        const items = createWorkItemsRepo(tx, kind.tables);
        const message = await items.insertMessage(id, {
          authorId: u.id,
          texto,
          mentions: notified,
        });
        await kind.touched(tx, item, u.id);
        await items.insertHistory(id, {
          authorId: u.id,
          action: 'mensagem',
          after: { message_id: message.id, mentions: notified },
          texto: texto.slice(0, 300),
        });
        const publish = await notifications.notify(
          {
            userIds: notified,
            type: 'mention',
            authorId: u.id,
            muralId: item.muralId,
            protocolId: item.protocolId,
            link: item.link,
            texto: mentionText(u.nome, item, texto),
          },
          tx,
        );
        return { message, publish };
      });
      await publish();
      await kind.changed(deps, item, 'messages');
      return {
        ...toMessage(kind, {
          ...message,
          itemId: id,
          texto,
          authorId: u.id,
          authorNome: u.nome,
          authorAvatarPath: u.avatarPath,
          mentions: notified,
        }),
        not_notified: outside,
        can_add_participants: outside.length > 0 && item.can.addParticipants,
      };
    },

    /**
     * Someone written with "@" who did not see the item: the author (when they may manage
     * participants) adds them as participant and they are notified of the message.
     */
    async mentionParticipant(u: Author, id: number, messageId: number, userId: number) {
      const item = await kind.access(deps.access, db, u, id);
      if (!item.can.addParticipants) throw forbidden();
      const found = (await repo().messages(id)).find((m) => m.id === messageId);
      if (!found) throw new AppError('NOT_FOUND', 'Mensagem não encontrada.');
      const person = (await repo().activePeople()).find((p) => p.id === userId);
      if (!person) throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'user_id');
      const publish = await db.transaction(async (tx) => {
        await kind.addParticipant(tx, item, userId, u.id);
        await createWorkItemsRepo(tx, kind.tables).addMention(messageId, userId);
        await kind.touched(tx, item, u.id);
        return notifications.notify(
          {
            userIds: [userId],
            type: 'mention',
            authorId: found.authorId ?? u.id,
            muralId: item.muralId,
            protocolId: item.protocolId,
            link: item.link,
            texto: mentionText(found.authorNome ?? u.nome, item, found.texto),
          },
          tx,
        );
      });
      await publish();
      await kind.changed(deps, item, 'participants');
      const mentions = found.mentions.includes(userId)
        ? found.mentions
        : [...found.mentions, userId];
      return toMessage(kind, { ...found, mentions });
    },
  };
}
