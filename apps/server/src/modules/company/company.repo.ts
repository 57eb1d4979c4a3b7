import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companySettings } from '../../db/schema/index.ts';

export type CompanyRow = typeof companySettings.$inferSelect;

/** The single company-settings row (the only Drizzle code of the company module). */
export function createCompanyRepo(db: DbOrTx) {
  return {
    async get(): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
      return row;
    },

    async upsert(v: { nome: string; cnpj: string; updatedBy: number | null }) {
      const values = { ...v, updatedAt: new Date() };
      const [row] = await db
        .insert(companySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: companySettings.id, set: values })
        .returning();
      return row!;
    },
  };
}
