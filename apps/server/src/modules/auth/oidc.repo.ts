import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oidcFlows } from '../../db/schema/index.ts';

export type OidcFlow = typeof oidcFlows.$inferSelect;

/** Sign-ins under way with the OpenID provider (the only code that touches oidc_flows). */
export function createOidcRepo(db: DbOrTx) {
  return {
    async create(v: Omit<typeof oidcFlows.$inferInsert, 'id' | 'createdAt'>) {
      // Flows nobody finished go with the next one that starts (an index on expires_at).
      await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date()));
      await db.insert(oidcFlows).values(v);
    },
    /** The flow of a cookie, deleted as it is read: a callback is answered once. */
    async take(cookieHash: string): Promise<OidcFlow | undefined> {
      const [row] = await db
        .delete(oidcFlows)
        .where(eq(oidcFlows.cookieHash, cookieHash))
        .returning();
      return row;
    },
  };
}
