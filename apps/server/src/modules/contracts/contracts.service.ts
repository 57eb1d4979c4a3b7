import {
  todayIn,
  type Contract,
  type ContractChanges,
  type ContractStatus,
  type UserContract,
  type contractCreateBody,
  type contractUpdateBody,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { isKnownCity } from '../calendar/holidays.ts';
import { AppError } from '../../lib/errors.ts';
import { contractScopeSql, seesEverything, type ScopeUser } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import {
  contractChangedSince,
  contractIdWithin,
  createContractsRepo,
  linksOfContractsOf,
  type ContractRow,
  type StageCounts,
} from './contracts.repo.ts';

/** A city must be one date-holidays knows in the contract's state (its holidays come from it). */
function assertPlace(uf: string | null, municipio: string | null) {
  if (!municipio) return;
  if (!uf) throw new AppError('VALIDATION', 'Informe o estado (UF) do município.', 'uf');
  if (!isKnownCity(uf, municipio)) {
    throw new AppError(
      'VALIDATION',
      `Município sem calendário de feriados conhecido em ${uf}. Cadastre os feriados locais em Calendário › Dias sem expediente.`,
      'municipio',
    );
  }
}

function toContract(
  c: ContractRow,
  stats: { usuarios: number; atrasadas: number; preventivas: number; etapas: StageCounts },
): Contract {
  const { etapas } = stats;
  return {
    id: c.id,
    codigo: c.codigo,
    nome: c.nome,
    cliente: c.cliente,
    descricao: c.descricao,
    inicio: c.inicio,
    fim: c.fim,
    status: c.status,
    valor: c.valor === null ? null : Number(c.valor),
    uf: (c.uf as Contract['uf']) ?? null,
    municipio: c.municipio,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    usuarios: stats.usuarios,
    // Totals from the per-stage count: one pass over the contract's demands.
    demandas: etapas.a_fazer + etapas.em_andamento + etapas.em_revisao + etapas.concluido,
    concluidas: etapas.concluido,
    atrasadas: stats.atrasadas,
    preventivas_atrasadas: stats.preventivas,
    etapas,
  };
}

const DUPLICATE_CODE = 'Já existe um contrato com este código.';

/** Contracts, user-contract links and the people search (scope rules in scope.service.ts). */
export function createContractsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const repo = createContractsRepo(db);
  const scope = deps.access.scope(db);
  /** Today in the company's time zone and the moment it was read (the lists' overdue counts). */
  const clock = (): [string, Date] => {
    const now = new Date();
    return [todayIn(deps.config.COMPANY_TIME_ZONE, now), now];
  };

  async function one(u: ScopeUser, id: number): Promise<Contract> {
    const [row] = await repo.list(
      contractIdWithin(id, contractScopeSql(u)),
      undefined,
      undefined,
      ...clock(),
    );
    if (!row) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
    return toContract(row.contract, row);
  }

  return {
    async list(u: ScopeUser, q?: string, status?: ContractStatus): Promise<Contract[]> {
      const rows = await repo.list(contractScopeSql(u), q, status, ...clock());
      return rows.map((r) => toContract(r.contract, r));
    },

    /** One page of `list` (the /contracts screen) and how many contracts the list has. */
    async page(
      u: ScopeUser,
      {
        q,
        status,
        page = 1,
        perPage,
      }: { q?: string; status?: ContractStatus; page?: number; perPage: number },
    ): Promise<{ items: Contract[]; total: number }> {
      const visible = contractScopeSql(u);
      const [rows, total] = await Promise.all([
        repo.list(visible, q, status, ...clock(), { offset: (page - 1) * perPage, limit: perPage }),
        repo.count(visible, q, status),
      ]);
      return { items: rows.map((r) => toContract(r.contract, r)), total };
    },

    /**
     * The overview's changes since `since` (contractChangesQuery): every id of the list, and
     * the rows that may have changed (contractChangedSince).
     */
    async changes(
      u: ScopeUser,
      since: string,
      q?: string,
      status?: ContractStatus,
    ): Promise<ContractChanges> {
      const cursor = nextSyncCursor();
      const visible = contractScopeSql(u);
      const [ids, rows] = await Promise.all([
        repo.ids(visible, q, status),
        repo.list(contractChangedSince(new Date(since), visible), q, status, ...clock()),
      ]);
      const items = rows.map((r) => toContract(r.contract, r));
      return { items, ids, total: ids.length, cursor };
    },

    async access(u: ScopeUser) {
      const refs = await repo.refs(contractScopeSql(u));
      return { all: seesEverything(u), contracts: refs };
    },

    async create(u: ScopeUser, body: z.output<typeof contractCreateBody>): Promise<Contract> {
      assertPlace(body.uf ?? null, body.municipio ?? null);
      const row = await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createContractsRepo(tx).insert({
              codigo: body.codigo,
              nome: body.nome,
              cliente: body.cliente,
              descricao: body.descricao ?? null,
              inicio: body.inicio ?? null,
              fim: body.fim ?? null,
              status: body.status,
              valor: body.valor ?? null,
              uf: body.uf ?? null,
              municipio: body.municipio ?? null,
              createdBy: u.id,
            }),
          ),
        DUPLICATE_CODE,
        'codigo',
      );
      // Pickers, filters and the overview of those who see the contract list it.
      await deps.events.publish({
        type: RT_EVENTS.contractsChanged,
        userIds: await repo.audience(row.id),
      });
      return toContract(row, {
        usuarios: 0,
        atrasadas: 0,
        preventivas: 0,
        etapas: { a_fazer: 0, em_andamento: 0, em_revisao: 0, concluido: 0 },
      });
    },

    async update(u: ScopeUser, id: number, body: z.output<typeof contractUpdateBody>) {
      const current = await repo.byId(id);
      if (!current) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      const inicio = body.inicio === undefined ? current.inicio : body.inicio;
      const fim = body.fim === undefined ? current.fim : body.fim;
      if (inicio && fim && fim < inicio) {
        throw new AppError('VALIDATION', 'O fim deve ser igual ou posterior ao início.', 'fim');
      }
      const uf = body.uf === undefined ? current.uf : body.uf;
      // A new state drops the old state's city unless one comes with it.
      const municipio =
        body.municipio !== undefined
          ? body.municipio
          : body.uf !== undefined && body.uf !== current.uf
            ? null
            : current.municipio;
      assertPlace(uf, municipio);
      await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createContractsRepo(tx).update(id, {
              codigo: body.codigo,
              nome: body.nome,
              cliente: body.cliente,
              descricao: body.descricao,
              inicio: body.inicio,
              fim: body.fim,
              status: body.status,
              valor: body.valor,
              uf,
              municipio,
            }),
          ),
        DUPLICATE_CODE,
        'codigo',
      );
      await deps.events.publish({
        type: RT_EVENTS.contractsChanged,
        userIds: await repo.audience(id),
      });
      return one(u, id);
    },

    async links(u: ScopeUser, filter: { contract_id?: number; user_id?: number }) {
      const visible = seesEverything(u) ? undefined : linksOfContractsOf(u.id);
      const rows = await repo.links({
        contractId: filter.contract_id,
        userId: filter.user_id,
        scope: visible,
      });
      return rows.map((r): UserContract => ({
        id: r.id,
        user_id: r.userId,
        contract_id: r.contractId,
        created_at: r.createdAt.toISOString(),
        user: toUserRef(r.user),
        contract: r.contract,
      }));
    },

    async link(u: ScopeUser, userId: number, contractId: number) {
      if (!(await repo.byId(contractId))) {
        throw new AppError('NOT_FOUND', 'Contrato não encontrado.', 'contract_id');
      }
      if (!(await repo.activeUser(userId))) {
        throw new AppError('NOT_FOUND', 'Usuário não encontrado ou inativo.', 'user_id');
      }
      const row = await db.transaction((tx) =>
        createContractsRepo(tx).insertLink(userId, contractId, u.id),
      );
      if (!row) throw new AppError('CONFLICT', 'Este usuário já está vinculado ao contrato.');
      const [link] = (await this.links(u, { contract_id: contractId, user_id: userId })) ?? [];
      await deps.events.publish({ type: RT_EVENTS.contractsChanged, userIds: [userId] });
      return link!;
    },

    async unlink(id: number) {
      const row = await repo.linkById(id);
      if (!row) throw new AppError('NOT_FOUND', 'Vínculo não encontrado.');
      await db.transaction((tx) => createContractsRepo(tx).deleteLink(id));
      await deps.events.publish({ type: RT_EVENTS.contractsChanged, userIds: [row.userId] });
    },

    async searchUsers(u: ScopeUser, q: string, contractId: number | undefined, limit: number) {
      if (contractId) await scope.assertContractVisible(u, contractId);
      const rows = await repo.searchUsers(q, contractId, limit);
      return rows.map(toUserRef);
    },
  };
}
