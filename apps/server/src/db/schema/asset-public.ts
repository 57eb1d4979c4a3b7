import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';

/**
 * The public code an asset's QR label carries (`/ativo/<codigo>`): random, made when its first
 * label is printed, kept for good so printed labels keep working (docs/assets.md).
 */
export const assetPublicCodes = pgTable(
  'asset_public_codes',
  {
    assetId: integer('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('asset_public_codes_codigo_idx').on(t.codigo)],
);
