import type { MuralMessage, UserRef } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { createScopeService, type ScopeUser } from '../access/scope.service.ts';
import { toUserRef, userRefColumns } from '../access/user-ref.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo } from './mural-items.repo.ts';
import { findMentions } from './mural-mentions.ts';
import { muralPermissions } from './mural-permissions.ts';
import { createMuralsRepo } from './murals.repo.ts';

/** Messages of a demand with @mentions, and the people who can be mentioned. */
export function createMuralMessagesService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = createScopeService(db);
  const notifications = createNotificationsService(deps);

  /**
   * People who can be mentioned: those linked to the demand (responsável, creator, participants,
   * board participants, users of its contract, task responsáveis) — all of whom can see it.
   */
  async function mentionables(muralId: number): Promise<UserRef[]> {
    const rows = await db
      .select(userRefColumns)
      .from(users)
      .where(
        sql`${users.active} and ${users.id} in (
          select m."responsavel_id" from "murals" m where m."id" = ${muralId}
          union select m."created_by" from "murals" m where m."id" = ${muralId}
          union select "user_id" from "mural_participants" where "mural_id" = ${muralId}
          union select bp."user_id" from "board_participants" bp join "murals" m on m."board_id" = bp."board_id" where m."id" = ${muralId}
          union select uc."user_id" from "user_contracts" uc join "murals" m on m."contract_id" = uc."contract_id" where m."id" = ${muralId}
          union select "responsavel_id" from "protocols" where "mural_id" = ${muralId})`,
      )
      .orderBy(users.nome);
    return rows.map(toUserRef);
  }

  return {
    async mentionables(u: ScopeUser, muralId: number) {
      await scope.assertMuralVisible(u, muralId);
      return mentionables(muralId);
    },

    async list(u: ScopeUser, muralId: number): Promise<MuralMessage[]> {
      await scope.assertMuralVisible(u, muralId);
      const rows = await createMuralItemsRepo(db).messages(muralId);
      return rows.map((r) => ({
        id: r.id,
        mural_id: r.muralId,
        texto: r.texto,
        author_id: r.authorId,
        author_nome: r.authorNome,
        author_avatar:
          r.authorId && r.authorAvatarPath
            ? avatarUrl({ id: r.authorId, avatarPath: r.authorAvatarPath })
            : null,
        mentions: r.mentions,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async post(
      u: ScopeUser & { nome: string; avatarPath: string | null },
      muralId: number,
      texto: string,
      ids: number[] = [],
    ) {
      const access = await scope.assertMuralVisible(u, muralId);
      if (!muralPermissions(access, u.id).message) throw forbidden();
      const people = await mentionables(muralId);
      const allowed = new Set(people.map((p) => p.id));
      const mentioned = [
        ...new Set([...findMentions(texto, people), ...ids.filter((id) => allowed.has(id))]),
      ].filter((id) => id !== u.id);
      const { publish, message } = await db.transaction(async (tx) => {
        const message = await createMuralItemsRepo(tx).insertMessage({
          muralId,
          authorId: u.id,
          texto,
          mentions: mentioned,
        });
        const repo = createMuralsRepo(tx);
        await repo.touch(muralId, u.id);
        await repo.insertHistory({
          muralId,
          authorId: u.id,
          action: 'mensagem',
          before: null,
          after: { message_id: message.id, mentions: mentioned },
          texto: texto.slice(0, 300),
        });
        const publish = await notifications.notify(
          {
            userIds: mentioned,
            type: 'mention',
            authorId: u.id,
            muralId,
            texto: `${u.nome} mencionou você em "${access.titulo}": ${texto}`,
          },
          tx,
        );
        return { publish, message };
      });
      await publish();
      await publishMuralChanged(deps, muralId, { part: 'messages' });
      return {
        id: message.id,
        mural_id: muralId,
        texto,
        author_id: u.id,
        author_nome: u.nome,
        author_avatar: avatarUrl(u),
        mentions: mentioned,
        created_at: message.createdAt.toISOString(),
      };
    },
  };
}
