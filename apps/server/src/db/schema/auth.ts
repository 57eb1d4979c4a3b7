import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One-time tokens: password resets and invitations. Only the hash is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    nome: text('nome'),
    contractIds: jsonb('contract_ids').$type<number[]>().notNull().default([]),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash),
    index('auth_tokens_email_idx').on(t.email),
  ],
);

/** Sign-in attempts, kept for throttling (works across several app nodes) and the activity log. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    /** Nonce of the valid device cookie the attempt came with; null from an unknown browser. */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * When the owner of an e-mail was last told of repeated failed sign-ins, so the warning goes
 * once per window whatever the number of nodes and attempts (one upsert decides).
 */
export const loginFailureAlerts = pgTable('login_failure_alerts', {
  email: text('email').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/** Server-made secrets shared by every node (the device cookie's signing key), one per name. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** E-mails waiting for (or kept instead of) SMTP delivery. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** HTML part, when the e-mail has one (the daily digest); `body` is its plain-text part. */
  html: text('html'),
  /** Extra headers (List-Unsubscribe of the digest). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  link: text('link'),
  status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Sign-ins under way with the OpenID provider (state, nonce, PKCE verifier), keyed by the hash
 * of the browser's flow cookie: any node can finish what another started; used once, 10 min.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: serial('id').primaryKey(),
    cookieHash: text('cookie_hash').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_flows_cookie_idx').on(t.cookieHash),
    index('oidc_flows_expires_idx').on(t.expiresAt),
  ],
);
