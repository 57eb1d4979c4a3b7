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
