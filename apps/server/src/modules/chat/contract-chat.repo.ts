import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chatFiles,
  contractChatMessages,
  contractChatReads,
  contracts,
  userContracts,
  users,
} from '../../db/schema/index.ts';

const messageColumns = {
  id: contractChatMessages.id,
  chatId: contractChatMessages.contractId,
  senderId: contractChatMessages.senderId,
  senderNome: users.nome,
  senderAvatarPath: users.avatarPath,
  content: contractChatMessages.content,
  fileId: contractChatMessages.fileId,
  fileName: chatFiles.fileName,
  mimeType: chatFiles.mimeType,
  fileSize: chatFiles.size,
  createdAt: contractChatMessages.createdAt,
};
const personColumns = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  avatarPath: users.avatarPath,
};
export type RoomMessageRow = {
  id: number;
  chatId: number;
  senderId: number;
  senderNome: string | null;
  senderAvatarPath: string | null;
  content: string;
  fileId: number | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  createdAt: Date;
};

/** Contract rooms: the only Drizzle code of the contract chat. */
export function createContractChatRepo(db: DbOrTx) {
  const selectMessages = () =>
    db
      .select(messageColumns)
      .from(contractChatMessages)
      .leftJoin(users, eq(users.id, contractChatMessages.senderId))
      .leftJoin(chatFiles, eq(chatFiles.id, contractChatMessages.fileId));

  return {
    /** Contracts matching the scope condition (undefined = every contract). */
    async rooms(scope: SQL | undefined) {
      return db
        .select({
          id: contracts.id,
          codigo: contracts.codigo,
          nome: contracts.nome,
          cliente: contracts.cliente,
          status: contracts.status,
        })
        .from(contracts)
        .where(scope)
        .orderBy(asc(contracts.codigo));
    },

    async room(id: number) {
      const [row] = await db
        .select({ id: contracts.id, codigo: contracts.codigo, nome: contracts.nome })
        .from(contracts)
        .where(eq(contracts.id, id))
        .limit(1);
      return row ?? null;
    },

    async isLinked(userId: number, contractId: number): Promise<boolean> {
      const rows = await db
        .select({ id: userContracts.id })
        .from(userContracts)
        .where(and(eq(userContracts.userId, userId), eq(userContracts.contractId, contractId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Active people linked to the contract. */
    async linkedPeople(contractId: number) {
      return db
        .select(personColumns)
        .from(userContracts)
        .innerJoin(users, eq(users.id, userContracts.userId))
        .where(and(eq(userContracts.contractId, contractId), eq(users.active, true)));
    },

    /** Active people of every role (the all-seeing ones are picked by the service). */
    async activePeople() {
      return db.select(personColumns).from(users).where(eq(users.active, true));
    },

    /** Unread messages of others per room for the user, among the given rooms. */
    async unreadByRoom(userId: number, roomIds: number[]): Promise<Map<number, number>> {
      if (roomIds.length === 0) return new Map();
      const rows = await db.execute<{ contract_id: number; n: number }>(sql`
        select r.id as contract_id, count(m.id)::int as n
        from unnest(${`{${roomIds.join(',')}}`}::int[]) as r(id)
        left join ${contractChatReads} cr on cr.contract_id = r.id and cr.user_id = ${userId}
        join ${contractChatMessages} m on m.contract_id = r.id
          and m.id > coalesce(cr.last_read_id, 0) and m.sender_id <> ${userId}
        group by r.id`);
      return new Map(rows.rows.map((r) => [r.contract_id, r.n]));
    },

    /** The latest message of each of the given rooms (one index probe per room). */
    async lastMessages(roomIds: number[]) {
      const rows = await db.execute<{
        contract_id: number;
        sender_id: number;
        sender_nome: string | null;
        content: string;
        created_at: Date | string;
        file_name: string | null;
      }>(sql`
        select r.id as contract_id, m.sender_id, u.nome as sender_nome, m.content, m.created_at,
          f.file_name
        from unnest(${`{${roomIds.join(',')}}`}::int[]) as r(id)
        join lateral (
          select * from ${contractChatMessages} x where x.contract_id = r.id order by x.id desc limit 1
        ) m on true
        left join ${users} u on u.id = m.sender_id
        left join ${chatFiles} f on f.id = m.file_id`);
      return new Map(
        rows.rows.map((r) => [r.contract_id, { ...r, created_at: new Date(r.created_at) }]),
      );
    },

    /** Newest first; `changedSince` (ISO instant): only messages posted since. */
    async page(
      contractId: number,
      before: number | undefined,
      limit: number,
      changedSince?: string,
    ): Promise<RoomMessageRow[]> {
      return selectMessages()
        .where(
          and(
            eq(contractChatMessages.contractId, contractId),
            before ? lt(contractChatMessages.id, before) : undefined,
            changedSince ? gt(contractChatMessages.createdAt, new Date(changedSince)) : undefined,
          ),
        )
        .orderBy(desc(contractChatMessages.id))
        .limit(limit + 1);
    },

    async insertMessage(v: typeof contractChatMessages.$inferInsert): Promise<RoomMessageRow> {
      const [row] = await db
        .insert(contractChatMessages)
        .values(v)
        .returning({ id: contractChatMessages.id });
      const [full] = await selectMessages().where(eq(contractChatMessages.id, row!.id));
      return full!;
    },

    /** Moves the user's read mark to the room's newest message; returns how many were unread. */
    async markRead(userId: number, contractId: number): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        with latest as (
          select coalesce(max(id), 0) as id from ${contractChatMessages} where contract_id = ${contractId}
        ), before as (
          select coalesce((select last_read_id from ${contractChatReads}
            where user_id = ${userId} and contract_id = ${contractId}), 0) as id
        ), unread as (
          select count(*)::int as n from ${contractChatMessages}, before
          where contract_id = ${contractId} and sender_id <> ${userId} and ${contractChatMessages.id} > before.id
        ), up as (
          insert into ${contractChatReads} (user_id, contract_id, last_read_id, updated_at)
          select ${userId}, ${contractId}, latest.id, now() from latest
          on conflict (user_id, contract_id) do update
            set last_read_id = greatest(${contractChatReads.lastReadId}, excluded.last_read_id),
                updated_at = now()
        )
        select n from unread`);
      return result.rows[0]?.n ?? 0;
    },

    /** Contract rooms in which the file was sent. */
    async roomsOfFile(fileId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: contractChatMessages.contractId })
        .from(contractChatMessages)
        .where(eq(contractChatMessages.fileId, fileId));
      return rows.map((r) => r.id);
    },
  };
}

export type ContractChatRepo = ReturnType<typeof createContractChatRepo>;
