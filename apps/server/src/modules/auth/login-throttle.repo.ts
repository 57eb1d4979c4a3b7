import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';

const la = loginAttempts;
const iso = (d: Date) => d.toISOString();
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const counted = (row: { n: number; last: unknown } | undefined) => ({
  count: row?.n ?? 0,
  last: row?.last ? toDate(row.last) : null,
});

/** Queries on login_attempts behind the sign-in throttling rules (login-throttle.ts). */
export function createLoginThrottleRepo(db: DbOrTx) {
  return {
    async record(v: {
      email: string;
      ip: string;
      device: string | null;
      success: boolean;
      at: Date;
    }) {
      await db.insert(la).values({
        email: v.email,
        ip: v.ip,
        device: v.device,
        success: v.success,
        createdAt: v.at,
      });
    },

    async pruneBefore(before: Date) {
      await db.delete(la).where(lt(la.createdAt, before));
    },

    /**
     * The latest failure of each e-mail this address failed on after `since` and has not signed
     * in with since, newest first; only the one at `position` (0-based) is returned.
     */
    async nthAccountFailedFrom(ip: string, since: Date, position: number): Promise<Date | null> {
      const res = await db.execute<{ last: unknown }>(sql`
        select max(f.created_at) as last from ${la} f
        where f.ip = ${ip} and not f.success and f.created_at > ${iso(since)}
          and not exists (select 1 from ${la} s where s.email = f.email and s.ip = f.ip
                          and s.success and s.created_at > f.created_at)
        group by f.email order by last desc
        limit 1 offset ${position}`);
      const last = res.rows[0]?.last;
      return last ? toDate(last) : null;
    },

    /**
     * Failures of an e-mail from browsers without its device cookie (any address) after `since`
     * and after the last success of such a browser (or a reset link used).
     */
    async untrustedFailures(email: string, since: Date) {
      const res = await db.execute<{ n: number; last: unknown }>(sql`
        select count(*)::int as n, max(f.created_at) as last from ${la} f
        where f.email = ${email} and f.device is null and not f.success
          and f.created_at > ${iso(since)}
          and f.created_at > coalesce((select max(s.created_at) from ${la} s
                                       where s.email = ${email} and s.device is null and s.success),
                                      '-infinity')`);
      return counted(res.rows[0]);
    },

    /** Failures of an e-mail with one device cookie after `since` and after its last success. */
    async deviceFailures(email: string, device: string, since: Date) {
      const res = await db.execute<{ n: number; last: unknown }>(sql`
        select count(*)::int as n, max(f.created_at) as last from ${la} f
        where f.email = ${email} and f.device = ${device} and not f.success
          and f.created_at > ${iso(since)}
          and f.created_at > coalesce((select max(s.created_at) from ${la} s
                                       where s.email = ${email} and s.device = ${device}
                                         and s.success),
                                      '-infinity')`);
      return counted(res.rows[0]);
    },

    /** Failures of an e-mail from one address after `since` and after that pair's last success. */
    async pairFailures(email: string, ip: string, since: Date) {
      const res = await db.execute<{ n: number; last: unknown }>(sql`
        select count(*)::int as n, max(f.created_at) as last from ${la} f
        where f.email = ${email} and f.ip = ${ip} and not f.success and f.created_at > ${iso(since)}
          and f.created_at > coalesce((select max(s.created_at) from ${la} s
                                       where s.email = ${email} and s.ip = ${ip} and s.success),
                                      '-infinity')`);
      return counted(res.rows[0]);
    },
  };
}
