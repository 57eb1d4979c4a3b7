import type { ChangePasswordBody, Profile, Theme, UpdateProfileBody } from '@eproto/domain';
import { AVATAR_MAX_MB, notificationPrefsOf, roleOf, INTERNAL_EVENTS } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { sniffFileType } from '../../lib/file-type.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { createProfileRepo, type ProfileRow } from './profile.repo.ts';

const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

function toProfile(u: ProfileRow): Profile {
  return {
    id: u.id,
    email: u.email,
    nome: u.nome,
    type: roleOf(u.role),
    rawType: u.role,
    avatar: avatarUrl(u),
    theme: (u.theme === 'light' ? 'light' : 'dark') satisfies Theme,
    notificationPrefs: notificationPrefsOf(u.notificationPrefs),
  };
}

/** /profile: name, avatar, password, theme and notification preferences of the signed-in user. */
export function createProfileService(deps: ServiceDeps, { auth }: { auth: AuthService }) {
  const db = deps.database.db;
  const repo = createProfileRepo(db);

  async function me(userId: number): Promise<ProfileRow> {
    const u = await repo.byId(userId);
    if (!u) throw notFound('Usuário');
    return u;
  }

  /** Sets the avatar (null: none); the one it replaced leaves the storage after the commit. */
  async function replaceAvatar(userId: number, key: string | null): Promise<ProfileRow> {
    const { row, removeOld } = await db.transaction(async (tx) => {
      const { row, old } = await createProfileRepo(tx).replaceAvatar(userId, key);
      return { row, removeOld: await removeAfterCommit(deps, tx, [old]) };
    });
    await removeOld();
    return row;
  }

  /** Other nodes cache the session row (name, avatar): drop it everywhere. */
  const refreshSessions = (userId: number) =>
    deps.events.publish({ type: INTERNAL_EVENTS.sessionInvalidate, data: { userId } });

  return {
    async get(actor: SessionUser) {
      return toProfile(await me(actor.id));
    },

    async update(actor: SessionUser, body: UpdateProfileBody) {
      const u = await me(actor.id);
      const updated = await db.transaction((tx) =>
        createProfileRepo(tx).update(u.id, {
          ...(body.nome !== undefined && { nome: body.nome }),
          ...(body.theme !== undefined && { theme: body.theme }),
          ...(body.notificationPrefs !== undefined && {
            notificationPrefs: {
              ...notificationPrefsOf(u.notificationPrefs),
              ...body.notificationPrefs,
            },
          }),
        }),
      );
      if (body.nome !== undefined) await refreshSessions(u.id);
      return toProfile(updated);
    },

    async setAvatar(actor: SessionUser, data: Buffer) {
      if (data.length === 0) throw new AppError('VALIDATION', 'A imagem está vazia.', 'file');
      if (data.length > AVATAR_MAX_MB * 1_048_576) {
        throw new AppError('PAYLOAD_TOO_LARGE', `A foto deve ter no máximo ${AVATAR_MAX_MB} MB.`);
      }
      const type = sniffFileType(data, '');
      if (!type || !AVATAR_TYPES.has(type.mime)) {
        throw new AppError('UNSUPPORTED_MEDIA', 'Envie uma imagem PNG, JPEG ou WebP.');
      }
      const u = await me(actor.id);
      const key = await deps.storage.put('avatars', type.ext, data);
      let updated: ProfileRow;
      try {
        updated = await replaceAvatar(u.id, key);
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      await refreshSessions(u.id);
      return toProfile(updated);
    },

    async removeAvatar(actor: SessionUser) {
      const u = await me(actor.id);
      const updated = await replaceAvatar(u.id, null);
      await refreshSessions(u.id);
      return toProfile(updated);
    },

    /** Checks the current password, stores the new one and ends every other session. */
    async changePassword(actor: SessionUser, body: ChangePasswordBody) {
      const u = await me(actor.id);
      if (!u.passwordHash || !(await verifyPassword(u.passwordHash, body.currentPassword))) {
        throw new AppError('VALIDATION', 'Senha atual incorreta.', 'currentPassword');
      }
      if (body.currentPassword === body.newPassword) {
        throw new AppError(
          'VALIDATION',
          'A nova senha deve ser diferente da atual.',
          'newPassword',
        );
      }
      await auth.assertNewPassword(body.newPassword, u, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      const invalidate = await db.transaction(async (tx) => {
        await createProfileRepo(tx).update(u.id, { passwordHash });
        return auth.revokeAccessIn(tx, u.id, actor.sessionId);
      });
      await invalidate();
    },
  };
}
