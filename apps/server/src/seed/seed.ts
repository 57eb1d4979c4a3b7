import { assessNewPassword } from '@eproto/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/crypto.ts';
import type { Storage } from '../lib/storage.ts';
import { DEMO_PEOPLE, seedDemoUsers } from './demo-users.ts';
import { DEMO_SEEDERS } from './demo-seeders.ts';

/** Loads the demo company when the database has no users yet. Returns true when it did. */
export async function seedDemoIfEmpty(
  db: Db,
  password: string,
  storage?: Storage,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Several nodes may start together on an empty database: only the first one seeds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;
    const people = await seedDemoUsers(tx, passwordHash);
    const shared: Record<string, unknown> = {};
    for (const seeder of DEMO_SEEDERS) await seeder({ tx, people, shared, storage });
    return true;
  });
}

const SEED_LOCK = 7_210_002;
const ADMIN_NAME = 'Administrador de TI';

/** In production, creates the first ti account from ADMIN_EMAIL/ADMIN_PASSWORD if none exists. */
export async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
    log.warn(
      'Nenhum usuário cadastrado. Defina ADMIN_EMAIL e ADMIN_PASSWORD para criar a conta de TI.',
    );
    return;
  }
  const email = config.ADMIN_EMAIL.toLowerCase();
  // The first ti account opens everything: its password follows the same policy as any other.
  const verdict = await assessNewPassword(config.ADMIN_PASSWORD, { email, nome: ADMIN_NAME });
  if (!verdict.ok) {
    log.error(
      `ADMIN_PASSWORD recusada: ${verdict.problem ?? ''} A conta de TI não foi criada; defina outra senha e reinicie.`,
    );
    return;
  }
  const exists = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (exists.length) return;
  await db.insert(users).values({
    email,
    nome: ADMIN_NAME,
    role: 'TI',
    passwordHash: await hashPassword(config.ADMIN_PASSWORD),
  });
  log.info(`Conta de TI criada para ${email}.`);
}

/** The sign-in list printed at start in demo mode. */
export function demoBanner(url: string, password: string): string {
  const lines = DEMO_PEOPLE.slice(0, 8).map((p) => `    ${p.email.padEnd(28)} ${p.role}`);
  return [
    '',
    `  E-Proto pronto em ${url}`,
    '',
    '  Contas de demonstração (senha para todas: ' + password + '):',
    ...lines,
    '',
  ].join('\n');
}
