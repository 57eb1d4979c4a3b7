import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A URL that receives the chosen events, signed with its secret (issue 35.3,
 * docs/integrations.md). The secret stays readable: every delivery is signed with it.
 */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** Event names of WEBHOOK_EVENTS (packages/domain webhooks.ts). */
  eventos: text('eventos').array().notNull(),
  segredo: text('segredo').notNull(),
  ativo: boolean('ativo').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event to one webhook: written with its 'webhook-deliver' job in the transaction of the
 * change, then sent (and retried) by the job; `id` is the event id the receiver sees.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    evento: text('evento').notNull(),
    dados: jsonb('dados').notNull(),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull().defaultNow(),
    /** pendente → enviando (one sender holds it) → enviada | pendente (retry) | falhou. */
    status: text('status').notNull().default('pendente'),
    httpStatus: smallint('http_status'),
    tentativas: integer('tentativas').notNull().default(0),
    ultimoErro: text('ultimo_erro'),
    ultimaTentativaEm: timestamp('ultima_tentativa_em', { withTimezone: true }),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.ocorridoEm),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pendente', 'enviando', 'enviada', 'falhou')`,
    ),
  ],
);
