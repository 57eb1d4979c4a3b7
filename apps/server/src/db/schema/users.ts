import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { can, roleOf } from '@eproto/domain';
import { searchColumn, searchIndex } from '../search-text.ts';

/**
 * Role titles (lower case, as usually stored) that never see everything; the domain's roleOf
 * decides, so the list cannot disagree with it. Any other title (accents, odd spacing, an
 * all-seeing one) may see everything and is checked exactly by the app (seesEverything).
 */
export const NOT_ALL_SEEING_TITLES = [
  'equipe de campo',
  'equipe',
  'coordenador',
  'gerente',
  'financeiro',
].filter((t) => !can(roleOf(t), 'contracts.all'));

/**
 * Active people whose title may be all-seeing, as SQL on `users` (unqualified columns). Written
 * with an array constant, the form PostgreSQL keeps, so a query repeating it is proven to match
 * the partial index users_maybe_all_seeing_idx (`not in (...)` in the index would be stored as
 * an ARRAY[...] expression and never match).
 */
export const maybeAllSeeingSql = sql.raw(
  `"active" and lower(btrim("role")) <> all ('{${NOT_ALL_SEEING_TITLES.map((t) => `"${t}"`).join(',')}}'::text[])`,
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nome: text('nome').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash'),
    avatarPath: text('avatar_path'),
    active: boolean('active').notNull().default(true),
    theme: text('theme').notNull().default('dark'),
    notificationPrefs: jsonb('notification_prefs')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Employment record (ficha de EPI, NR-6): CPF as 11 digits, company registration number.
    cpf: text('cpf'),
    matricula: text('matricula'),
    funcao: text('funcao'),
    admissao: date('admissao'),
    /** LGPD: when ti anonymised the (deactivated) account; name, e-mail, CPF and avatar gone. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [users.nome, users.email]),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    searchIndex('users_search_idx', t.searchText),
    // The few who may see every demand: a demand's audience reads them, not the whole company.
    index('users_maybe_all_seeing_idx').on(t.id).where(maybeAllSeeingSql),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** The employer itself (one row, id 1): name and CNPJ printed on the ficha de EPI. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    nome: text('nome').notNull(),
    cnpj: text('cnpj').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_settings_single_ck', sql`${t.id} = 1`)],
);
