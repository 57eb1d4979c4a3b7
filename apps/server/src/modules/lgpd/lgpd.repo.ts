import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import {
  activityLog,
  loginAttempts,
  serviceOrderPeople,
  serviceOrders,
  users,
} from '../../db/schema/index.ts';
import { audit, type AuditEntry } from '../activity/audit.repo.ts';
import { LGPD_OMIT_ALWAYS, type LgpdCovered } from './lgpd-map.ts';

type Row = Record<string, unknown>;

/** Table name → its Drizzle table and column names, from the schema itself. */
const TABLES = new Map(
  (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .map((t) => {
      const cfg = getTableConfig(t);
      return [cfg.name, { table: t, columns: cfg.columns.map((c) => c.name) }] as const;
    }),
);

const without = (row: Row, omit: string[]): Row =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !omit.includes(k)));

/** What the LGPD export and the anonymisation read and write (the only Drizzle code of both). */
export function createLgpdRepo(db: DbOrTx) {
  return {
    /** A named event of the activity log (the export, the ASO it showed), in `db`'s transaction. */
    log: (entry: AuditEntry) => audit.record(db, entry),

    /** The rows of `table` whose `by` columns hold the person, as stored (column names). */
    async rowsOf(tableName: string, entry: LgpdCovered, userId: number): Promise<Row[]> {
      const t = TABLES.get(tableName);
      if (!t) throw new Error(`Tabela desconhecida no mapa LGPD: ${tableName}`);
      const match = sql.join(
        entry.by.map((c) => sql`${sql.identifier(c)} = ${userId}`),
        sql` OR `,
      );
      const order = t.columns.includes('id') ? sql` ORDER BY "id"` : sql``;
      const { rows } = await db.execute<Row>(
        sql`SELECT * FROM ${sql.identifier(tableName)} WHERE ${match}${order}`,
      );
      const omit = [...LGPD_OMIT_ALWAYS, ...(entry.omit ?? [])];
      return rows.map((r) => without(r, omit));
    },

    /** The person's own account row, without the password hash. */
    async account(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          nome: users.nome,
          papel: users.role,
          avatarPath: users.avatarPath,
          ativo: users.active,
          tema: users.theme,
          preferenciasDeAviso: users.notificationPrefs,
          ultimoAcesso: users.lastLoginAt,
          cpf: users.cpf,
          matricula: users.matricula,
          funcao: users.funcao,
          admissao: users.admissao,
          criadoEm: users.createdAt,
          atualizadoEm: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * What others did about the person (a view of their ASO, a change of their account): the
     * action and when, without the other person's e-mail or address.
     */
    async activityAbout(userId: number) {
      return db
        .select({
          id: activityLog.id,
          user_id: activityLog.userId,
          action: activityLog.action,
          object_type: activityLog.objectType,
          object_id: activityLog.objectId,
          created_at: activityLog.createdAt,
        })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.objectType, 'users'),
            eq(activityLog.objectId, String(userId)),
            or(sql`${activityLog.userId} IS NULL`, ne(activityLog.userId, userId)),
          ),
        )
        .orderBy(asc(activityLog.id));
    },

    /** Sign-in attempts with the person's e-mail (kept for throttling). */
    async loginAttemptsOf(email: string) {
      return db
        .select({
          id: loginAttempts.id,
          ip: loginAttempts.ip,
          success: loginAttempts.success,
          created_at: loginAttempts.createdAt,
        })
        .from(loginAttempts)
        .where(sql`lower(${loginAttempts.email}) = lower(${email})`)
        .orderBy(asc(loginAttempts.id));
    },

    /** The OSs the person worked on, without the customer's data (name, CPF, signature). */
    async serviceOrdersWorked(userId: number) {
      return db
        .selectDistinct({
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          contract_id: serviceOrders.contractId,
          local: serviceOrders.local,
          status: serviceOrders.status,
          previsto_inicio: serviceOrders.previstoInicio,
          previsto_fim: serviceOrders.previstoFim,
          check_in_em: serviceOrders.checkInEm,
          concluida_em: serviceOrders.concluidaEm,
          selada_em: serviceOrders.seladaEm,
        })
        .from(serviceOrders)
        .innerJoin(serviceOrderPeople, eq(serviceOrderPeople.serviceOrderId, serviceOrders.id))
        .where(eq(serviceOrderPeople.userId, userId))
        .orderBy(asc(serviceOrders.id));
    },
  };
}
