import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  date,
} from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@eproto/domain';
import { users } from './users.ts';

/**
 * Personal API tokens (issue 35): created by ti for a person, used as
 * `Authorization: Bearer ep_…` on /api with that person's permissions within `scopes`. Only the
 * SHA-256 of the token is kept; `prefix` (its first characters) identifies it on screen.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiTokenScope[]>().notNull(),
    /** The last day it works, in the company's time zone; null: until revoked ("sem expiração"). */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The first instant it no longer works (midnight after `expiresOn`, company time zone). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);
