import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type ProfileRow = typeof users.$inferSelect;

/** The signed-in user's own row (the only Drizzle code of this module). */
export function createProfileRepo(db: DbOrTx) {
  return {
    async byId(id: number): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /**
     * Sets the avatar (null: none) inside a transaction; the key it replaced is read under the
     * row's lock, so two changes at once each see the other's.
     */
    async replaceAvatar(id: number, avatarPath: string | null) {
      const [before] = await db
        .select({ old: users.avatarPath })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      const [row] = await db
        .update(users)
        .set({ avatarPath, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return { row: row!, old: before?.old ?? null };
    },
    async update(
      id: number,
      v: Partial<
        Pick<ProfileRow, 'nome' | 'theme' | 'notificationPrefs' | 'avatarPath' | 'passwordHash'>
      >,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
  };
}
