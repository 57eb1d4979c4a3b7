import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

/** Hour meter (horímetro) readings of an asset: never lower than an earlier one. */
export const assetMeterReadings = pgTable(
  'asset_meter_readings',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    horas: doublePrecision('horas').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    /** The OS whose checklist took the reading (null: read on the asset page). */
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id, {
      onDelete: 'set null',
    }),
    registradoPor: integer('registrado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_meter_readings_asset_idx').on(t.assetId, t.data)],
);
