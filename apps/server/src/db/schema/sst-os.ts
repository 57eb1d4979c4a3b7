import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { serviceOrders, serviceTypes } from './service-orders.ts';
import { sstActivityTypes } from './sst.ts';
import { users } from './users.ts';

/**
 * SST requirements of a service type (issue 20 point 2): the activity type whose requirements
 * everyone on an OS of this type must meet ("Trabalho em altura" -> NR-35 + ASO apto).
 */
export const sstServiceTypeRequirements = pgTable('sst_service_type_requirements', {
  serviceTypeId: integer('service_type_id')
    .primaryKey()
    .references(() => serviceTypes.id, { onDelete: 'cascade' }),
  activityTypeId: integer('activity_type_id')
    .notNull()
    .references(() => sstActivityTypes.id, { onDelete: 'restrict' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gerente/diretoria put people on an OS despite missing SST requirements: the written
 * reason, who, when and the reasons it accepted (shown on the OS, kept as evidence).
 */
export const sstOsOverrides = pgTable(
  'sst_os_overrides',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    motivo: text('motivo').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    pendencias: jsonb('pendencias').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sst_os_overrides_os_idx').on(t.serviceOrderId, t.id)],
);
