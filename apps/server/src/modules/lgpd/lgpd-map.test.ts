import { getTableName } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { LGPD_TABLES } from './lgpd-map.ts';

/** Every table of the schema with the columns that reference users.id. */
function userColumns(): Map<string, { columns: Set<string>; userRefs: string[] }> {
  const out = new Map<string, { columns: Set<string>; userRefs: string[] }>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const cfg = getTableConfig(value);
    const userRefs = cfg.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableName(ref.foreignTable) === 'users')
      .flatMap((ref) => ref.columns.map((c) => c.name));
    out.set(cfg.name, { columns: new Set(cfg.columns.map((c) => c.name)), userRefs });
  }
  return out;
}

describe('LGPD data map ("Meus dados")', () => {
  const tables = userColumns();

  it('covers or explicitly excludes every column that references a user', () => {
    const missing: string[] = [];
    for (const [table, { userRefs }] of tables) {
      if (table === 'users' || userRefs.length === 0) continue;
      const entry = LGPD_TABLES[table];
      if (!entry) {
        missing.push(`${table} (tabela nova: cubra em lgpd-map.ts ou exclua com o motivo)`);
        continue;
      }
      if ('excluded' in entry) continue;
      for (const col of userRefs) {
        if (!entry.by.includes(col) && !(col in (entry.others ?? {}))) {
          missing.push(`${table}.${col} (em by ou em others, com o motivo)`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only tables and columns that exist (no stale entries)', () => {
    const stale: string[] = [];
    for (const [table, entry] of Object.entries(LGPD_TABLES)) {
      const t = tables.get(table);
      if (!t) {
        stale.push(table);
        continue;
      }
      if ('excluded' in entry) {
        if (t.userRefs.length === 0) stale.push(`${table} (não referencia usuários)`);
        continue;
      }
      const named = [
        ...entry.by,
        ...Object.keys(entry.others ?? {}),
        ...(entry.omit ?? []),
        ...(entry.files
          ? [entry.files.key, entry.files.when, entry.files.name ?? entry.files.key]
          : []),
      ];
      for (const col of named) if (!t.columns.has(col)) stale.push(`${table}.${col}`);
      for (const col of [...entry.by, ...Object.keys(entry.others ?? {})]) {
        if (!t.userRefs.includes(col)) stale.push(`${table}.${col} (não referencia usuários)`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('gives every exclusion a reason', () => {
    for (const entry of Object.values(LGPD_TABLES)) {
      if ('excluded' in entry) expect(entry.excluded.length).toBeGreaterThan(20);
      else
        for (const why of Object.values(entry.others ?? {})) expect(why.length).toBeGreaterThan(10);
    }
  });

  it('keeps another person\u2019s health data out: ASOs recorded by someone are not theirs', () => {
    const aso = LGPD_TABLES.sst_asos;
    expect(aso && 'by' in aso && aso.by).toEqual(['user_id']);
  });
});
