import { formatCnpj, type CompanySettings, type CompanySettingsBody } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { createCompanyRepo, type CompanyRow } from './company.repo.ts';

const toSettings = (r: CompanyRow): CompanySettings => ({
  nome: r.nome,
  cnpj: r.cnpj,
  cnpj_formatado: formatCnpj(r.cnpj),
  updated_at: r.updatedAt.toISOString(),
});

/** The employer's name and CNPJ (printed on the ficha de EPI). */
export function createCompanyService(deps: Pick<ServiceDeps, 'database'>) {
  const db = deps.database.db;
  const repo = createCompanyRepo(db);
  return {
    async get(): Promise<CompanySettings | null> {
      const row = await repo.get();
      return row ? toSettings(row) : null;
    },

    /** Body already validated (CNPJ check digits, digits only). */
    async save(actor: { id: number } | null, body: Required<CompanySettingsBody>) {
      const row = await db.transaction((tx) =>
        createCompanyRepo(tx).upsert({ ...body, updatedBy: actor?.id ?? null }),
      );
      return toSettings(row);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
