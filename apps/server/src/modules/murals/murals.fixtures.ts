import type { MuralSummary, Priority, Stage } from '@eproto/domain';
import {
  boardParticipants,
  boards,
  contracts,
  muralParticipants,
  murals,
  protocols,
  sessions,
  userContracts,
} from '../../db/schema/index.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { createUser, spa, type TestApp } from '../../../test/helpers.ts';

let seq = 0;

/** Inserts a contract. */
export async function makeContract(t: TestApp, v: { nome?: string } = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(contracts)
    .values({
      codigo: `CT-${Date.now().toString(36)}-${seq}`,
      nome: v.nome ?? `Contrato ${seq}`,
      cliente: 'Cliente Teste',
    })
    .returning();
  return row!;
}

/** Links users to a contract. */
export async function linkContract(t: TestApp, contractId: number, ...userIds: number[]) {
  await t.database.db
    .insert(userContracts)
    .values(userIds.map((userId) => ({ userId, contractId })));
}

/** Inserts a board, optionally on a contract and with participants. */
export async function makeBoard(
  t: TestApp,
  v: { contractId?: number | null; participants?: number[]; nome?: string } = {},
) {
  seq += 1;
  const [row] = await t.database.db
    .insert(boards)
    .values({ nome: v.nome ?? `Quadro ${seq}`, contractId: v.contractId ?? null })
    .returning();
  if (v.participants?.length) {
    await t.database.db
      .insert(boardParticipants)
      .values(v.participants.map((userId) => ({ boardId: row!.id, userId })));
  }
  return row!;
}

/** Inserts a demand directly (no history), for read tests. */
export async function makeMural(
  t: TestApp,
  v: {
    boardId: number;
    contractId?: number | null;
    titulo?: string;
    stage?: Stage;
    prioridade?: Priority;
    responsavelId?: number | null;
    createdBy?: number | null;
    fimPrevisto?: string | null;
    inicioPrevisto?: string | null;
    participants?: number[];
  },
) {
  seq += 1;
  const [row] = await t.database.db
    .insert(murals)
    .values({
      titulo: v.titulo ?? `Demanda ${seq}`,
      boardId: v.boardId,
      contractId: v.contractId ?? null,
      stage: v.stage ?? 'a_fazer',
      prioridade: v.prioridade ?? 'media',
      responsavelId: v.responsavelId ?? null,
      createdBy: v.createdBy ?? null,
      inicioPrevisto: v.inicioPrevisto ?? null,
      fimPrevisto: v.fimPrevisto ?? null,
    })
    .returning();
  if (v.participants?.length) {
    await t.database.db
      .insert(muralParticipants)
      .values(v.participants.map((userId) => ({ muralId: row!.id, userId })));
  }
  return row!;
}

/** Inserts a task of a demand. */
export async function makeTask(
  t: TestApp,
  v: { muralId: number; responsavelId?: number | null; titulo?: string },
) {
  const [row] = await t.database.db
    .insert(protocols)
    .values({
      muralId: v.muralId,
      titulo: v.titulo ?? 'Tarefa',
      responsavelId: v.responsavelId ?? null,
    })
    .returning();
  return row!;
}

/**
 * A signed-in person of a role: { user, cookie, call } where `call` uses the API as them. The
 * session is written directly (the login route is rate limited and tested elsewhere).
 */
export async function person(t: TestApp, role: string, nome?: string) {
  const user = await createUser(t, { role, nome });
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const cookie = `eproto_session=${token}`;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...spa, cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { user, cookie, call };
}

export type Person = Awaited<ReturnType<typeof person>>;

/** A multipart/form-data body with one file and optional text fields. */
export function multipart(
  file: { name: string; data: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----eproto${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A valid 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A listed demand (GET /summary card) for tests that need no database: nulls unless overridden. */
export function summaryOf(over: Partial<MuralSummary> & { id: number }): MuralSummary {
  return {
    titulo: `Demanda ${over.id}`,
    board_id: 3,
    board_nome: 'Operação',
    contract_id: null,
    contract_nome: null,
    prioridade: 'alta',
    stage: 'em_andamento',
    responsavel_id: null,
    responsavel_nome: null,
    responsavel_avatar: null,
    inicio_previsto: null,
    fim_previsto: null,
    inicio_real: null,
    fim_real: null,
    finance_status: null,
    recurrence_id: null,
    atrasada: false,
    unread: false,
    created_at: '2026-10-01T12:00:00.000Z',
    updated_at: '2026-11-20T08:30:00.000Z',
    ...over,
  };
}
