import type { OsReportLink } from '@eproto/domain';
import type { OsRow } from './service-orders.repo.ts';

const DAY_MS = 86_400_000;
/** Links sent before links had an expiry stored expire this long after the seal. */
const LEGACY_LINK_DAYS = 30;

type LinkRow = Pick<
  OsRow,
  'relatorioTokenHash' | 'relatorioExpiraEm' | 'relatorioRevogadoEm' | 'seladaEm'
>;

/** When a link sent now for `days` days stops working. */
export const linkExpiry = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The customer's report link of an OS as the OS page shows it (null: never sent). */
export function reportLinkOf(o: LinkRow, now: Date): OsReportLink | null {
  if (!o.relatorioTokenHash) return null;
  const expires = o.relatorioExpiraEm ?? linkExpiry(o.seladaEm ?? new Date(0), LEGACY_LINK_DAYS);
  return {
    situacao: o.relatorioRevogadoEm
      ? 'revogado'
      : expires.getTime() <= now.getTime()
        ? 'expirado'
        : 'ativo',
    expira_em: expires.toISOString(),
    revogado_em: o.relatorioRevogadoEm?.toISOString() ?? null,
  };
}
