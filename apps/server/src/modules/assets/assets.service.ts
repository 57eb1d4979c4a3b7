import {
  can,
  checkAssetData,
  checkAssetFields,
  keyTypeFields,
  type AssetType,
  type AssetTypeField,
  type Asset,
  type AssetData,
  type AssetImportError,
  type assetBody,
  type AssetListChanges,
  type assetListChangesQuery,
  type assetListQuery,
  type assetPatchBody,
  type assetTypeBody,
  type assetTypePatchBody,
  type Role,
  todayIn,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate, isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import {
  publishAssetChanged,
  publishAssetsImported,
  publishAssetTypesChanged,
} from './asset-events.ts';
import { parseImportRows, readImportSheet, repeatedTags, typeKey } from './asset-import.ts';
import {
  createAssetsRepo,
  type AssetInsert,
  type AssetJoined,
  type AssetsRepo,
  type AssetTypeRow,
} from './assets.repo.ts';

export interface AssetActor {
  id: number;
  type: Role;
}

const assetNotFound = () => new AppError('NOT_FOUND', 'Ativo não encontrado.');
const tagTaken = (tag: string) =>
  new AppError('CONFLICT', `Já existe um ativo com a tag ${tag} neste contrato.`, 'tag');
const typeTaken = (nome: string) =>
  new AppError('CONFLICT', `Já existe um tipo de ativo chamado ${nome}.`, 'nome');

/** The import refused: nothing was written; each bad row's line and reason. */
export class AssetImportRefused extends AppError {
  constructor(readonly erros: AssetImportError[]) {
    super(
      'VALIDATION',
      erros.length === 1
        ? 'A planilha tem 1 linha com problema; nada foi importado.'
        : `A planilha tem ${erros.length} linhas com problema; nada foi importado.`,
      'file',
    );
  }
}

export function toAsset(r: AssetJoined): Asset {
  const a = r.a;
  return {
    id: a.id,
    contrato: { id: a.contractId, codigo: r.contratoCodigo, nome: r.contratoNome },
    tipo: { id: a.typeId, nome: r.tipoNome, categoria: r.tipoCategoria, campos: r.tipoCampos },
    tag: a.tag,
    descricao: a.descricao,
    predio: a.predio,
    andar: a.andar,
    sala: a.sala,
    fabricante: a.fabricante,
    modelo: a.modelo,
    numero_serie: a.numeroSerie,
    instalado_em: a.instaladoEm,
    garantia_ate: a.garantiaAte,
    status: a.status,
    dados: a.dados,
    campos: a.campos,
    updated_at: a.updatedAt.toISOString(),
  };
}

function toType(t: AssetTypeRow, total: number, planos: number): AssetType {
  return {
    id: t.id,
    nome: t.nome,
    categoria: t.categoria,
    ativo: t.ativo,
    campos: t.campos,
    total_ativos: total,
    total_planos: planos,
  };
}

/**
 * The own-field values of an asset of a type, read under the type's row lock (FOR SHARE), so
 * a change of the type's fields (FOR UPDATE) never crosses an asset being saved with the old.
 */
async function lockedFieldValues(
  repo: AssetsRepo,
  typeId: number,
  values: Record<string, number | string | null>,
) {
  const tipo = await repo.lockType(typeId, 'share');
  if (!tipo) throw new AppError('VALIDATION', 'Tipo de ativo não encontrado.', 'type_id');
  const r = checkAssetFields(tipo.campos, values, tipo.nome);
  if (!r.ok) throw new AppError('VALIDATION', r.error, 'campos');
  return r.values;
}

/**
 * An asset whose stored values the type's new fields would refuse (a kind changed, an option
 * removed), with the reason; removed fields are not checked, their values go with them.
 */
function firstRefusedAsset(
  fields: AssetTypeField[],
  typeName: string,
  assets: Array<{ tag: string; campos: Record<string, number | string> }>,
) {
  const kept = new Set(fields.map((f) => f.chave));
  for (const a of assets) {
    const values = Object.fromEntries(Object.entries(a.campos).filter(([k]) => kept.has(k)));
    const r = checkAssetFields(fields, values, typeName);
    if (!r.ok) return `${a.tag}: ${r.error.replace(/\.$/, '')}`;
  }
  return null;
}

const isManagerRole = (u: AssetActor) => can(u, 'assets.manage');

/** The fields an asset row takes from a form or a spreadsheet line (create and import). */
type AssetFields = Pick<
  z.output<typeof assetBody>,
  | 'tag'
  | 'descricao'
  | 'predio'
  | 'andar'
  | 'sala'
  | 'fabricante'
  | 'modelo'
  | 'numero_serie'
  | 'instalado_em'
  | 'garantia_ate'
  | 'status'
>;

function rowOf(
  body: AssetFields,
  v: Pick<AssetInsert, 'contractId' | 'typeId' | 'dados' | 'campos' | 'createdBy'>,
): AssetInsert {
  return {
    ...v,
    tag: body.tag,
    descricao: body.descricao,
    predio: body.predio,
    andar: body.andar,
    sala: body.sala,
    fabricante: body.fabricante,
    modelo: body.modelo,
    numeroSerie: body.numero_serie,
    instaladoEm: body.instalado_em ?? null,
    garantiaAte: body.garantia_ate ?? null,
    status: body.status,
  };
}

/**
 * Assets of customer contracts. Everyone on the agenda screen reads the assets of the contracts
 * linked to them (diretoria: every contract); gestão (coordenador, gerente, diretoria) creates,
 * edits and imports them. An asset outside the caller's contracts is 404.
 */
export function createAssetsService(
  deps: Pick<ServiceDeps, 'database' | 'events' | 'access' | 'config'>,
) {
  const db = deps.database.db;
  const repo = createAssetsRepo(db);
  const scopes = deps.access.scope(db);
  const typesChanged = () => publishAssetTypesChanged(deps);

  async function visible(u: AssetActor, id: number) {
    const row = await repo.byId(id);
    if (!row) throw assetNotFound();
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(row.a.contractId)) throw assetNotFound();
    return row;
  }

  function assertManager(u: AssetActor) {
    if (!isManagerRole(u)) {
      throw new AppError(
        'FORBIDDEN',
        'Só a gestão (coordenador, gerente ou diretoria) cadastra e altera ativos.',
      );
    }
  }

  async function assertContract(u: AssetActor, contractId: number) {
    assertManager(u);
    try {
      await scopes.assertContractVisible(u, contractId);
    } catch {
      throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contract_id');
    }
  }

  async function typeFor(typeId: number) {
    const tipo = await repo.typeById(typeId);
    if (!tipo) throw new AppError('VALIDATION', 'Tipo de ativo não encontrado.', 'type_id');
    return tipo;
  }

  function dataFor(categoria: Parameters<typeof checkAssetData>[0], dados: AssetData) {
    const r = checkAssetData(categoria, dados);
    if (!r.ok) throw new AppError('VALIDATION', r.error, 'dados');
    return r.data;
  }

  /** The list's filter (its query and the caller's contracts) and the moment it is read at. */
  async function listFilter(u: AssetActor, q: z.output<typeof assetListQuery>) {
    const now = new Date();
    const at = { now, today: todayIn(deps.config.COMPANY_TIME_ZONE, now) };
    const filter = {
      contractIds: await scopes.contractIds(u),
      contractId: q.contract_id,
      typeId: q.type_id,
      status: q.status,
      q: q.q,
      atrasadas: q.atrasadas === 'true' ? at : undefined,
    };
    return { at, filter };
  }

  return {
    async list(u: AssetActor, q: z.output<typeof assetListQuery>) {
      const { at, filter } = await listFilter(u, q);
      const [rows, total] = [
        await repo.page(filter, q.perPage, (q.page - 1) * q.perPage, at),
        await repo.count(filter),
      ];
      return { items: rows.map((r) => ({ ...toAsset(r), atrasadas: r.atrasadas })), total };
    },

    /**
     * What changed on one page of the list since `updated_since`, with the list's filters and
     * the caller's contracts (an asset of another contract is never in `ids` nor `items`): the
     * page's ids now in its order, its assets changed since, the total and the cursor.
     */
    async listChanges(
      u: AssetActor,
      q: z.output<typeof assetListChangesQuery>,
    ): Promise<AssetListChanges> {
      const cursor = nextSyncCursor();
      const { at, filter } = await listFilter(u, q);
      const ids = await repo.pageIds(filter, q.perPage, (q.page - 1) * q.perPage);
      const rows = await repo.changedSince(ids, new Date(q.updated_since), at);
      const order = new Map(ids.map((id, i) => [id, i]));
      const items = rows
        .map((r) => ({ ...toAsset(r), atrasadas: r.atrasadas }))
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { items, ids, total: await repo.count(filter), cursor };
    },

    async get(u: AssetActor, id: number) {
      const row = await visible(u, id);
      return { asset: toAsset(row), pode_editar: isManagerRole(u) };
    },

    async create(u: AssetActor, body: z.output<typeof assetBody>) {
      await assertContract(u, body.contract_id);
      const tipo = await typeFor(body.type_id);
      if (!tipo.ativo) {
        throw new AppError('VALIDATION', `O tipo ${tipo.nome} está desativado.`, 'type_id');
      }
      const dados = dataFor(tipo.categoria, body.dados);
      if ((await repo.tagsTaken(body.contract_id, [body.tag])).size > 0) throw tagTaken(body.tag);
      const [saved] = await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createAssetsRepo(tx);
            const campos = await lockedFieldValues(r, tipo.id, body.campos);
            return r.insert([
              rowOf(body, {
                contractId: body.contract_id,
                typeId: tipo.id,
                dados,
                campos,
                createdBy: u.id,
              }),
            ]);
          }),
        () => tagTaken(body.tag),
      );
      await publishAssetChanged(deps, saved!, { created: true });
      return this.get(u, saved!.id);
    },

    async update(u: AssetActor, id: number, body: z.output<typeof assetPatchBody>) {
      const current = await visible(u, id);
      assertManager(u);
      if (Object.values(body).every((v) => v === undefined)) {
        throw new AppError('VALIDATION', 'Nada para alterar.');
      }
      const a = current.a;
      const tipo = body.type_id !== undefined ? await typeFor(body.type_id) : null;
      if (tipo && !tipo.ativo && tipo.id !== a.typeId) {
        throw new AppError('VALIDATION', `O tipo ${tipo.nome} está desativado.`, 'type_id');
      }
      const categoria = tipo?.categoria ?? current.tipoCategoria;
      // A new type keeps only the fields its category has: the caller sends them in `dados`.
      const dados = dataFor(categoria, body.dados ?? (tipo ? {} : a.dados));
      const instalado = body.instalado_em === undefined ? a.instaladoEm : body.instalado_em;
      const garantia = body.garantia_ate === undefined ? a.garantiaAte : body.garantia_ate;
      if (instalado && garantia && garantia < instalado) {
        throw new AppError(
          'VALIDATION',
          'O fim da garantia não pode ser antes da instalação.',
          'garantia_ate',
        );
      }
      if (body.tag && (await repo.tagsTaken(a.contractId, [body.tag], id)).size > 0) {
        throw tagTaken(body.tag);
      }
      const saved = await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createAssetsRepo(tx);
            // A new type has other fields: its values come in `campos` or start empty.
            const campos =
              body.campos !== undefined || tipo
                ? await lockedFieldValues(r, tipo?.id ?? a.typeId, body.campos ?? {})
                : undefined;
            return r.update(id, {
              typeId: tipo?.id,
              tag: body.tag,
              descricao: body.descricao,
              predio: body.predio,
              andar: body.andar,
              sala: body.sala,
              fabricante: body.fabricante,
              modelo: body.modelo,
              numeroSerie: body.numero_serie,
              instaladoEm: body.instalado_em,
              garantiaAte: body.garantia_ate,
              status: body.status,
              dados,
              campos,
            });
          }),
        () => tagTaken(body.tag ?? a.tag),
      );
      await publishAssetChanged(deps, saved);
      return this.get(u, id);
    },

    /**
     * Imports a spreadsheet into a contract: every row is checked first (type, tag unique in
     * the file and in the contract, typed fields); one bad row refuses the whole file with
     * each bad row's line and reason, and nothing is written. Good files go in one transaction.
     */
    async importXlsx(u: AssetActor, contractId: number, file: Buffer) {
      await assertContract(u, contractId);
      const sheet = await readImportSheet(file);
      const types = new Map((await repo.types()).map(({ t }) => [typeKey(t.nome), t] as const));
      const rows = parseImportRows(sheet, contractId, types);
      const errors: AssetImportError[] = rows.flatMap((r) =>
        r.ok ? [] : [{ linha: r.linha, motivo: r.motivo }],
      );
      errors.push(...repeatedTags(rows));
      const good = rows.flatMap((r) => (r.ok ? [r] : []));
      const taken = await repo.tagsTaken(
        contractId,
        good.map((r) => r.body.tag),
      );
      for (const r of good) {
        if (taken.has(r.body.tag.toUpperCase())) {
          errors.push({
            linha: r.linha,
            motivo: `Já existe um ativo com a tag ${r.body.tag} neste contrato.`,
          });
        }
      }
      if (errors.length > 0) {
        throw new AssetImportRefused(errors.sort((x, y) => x.linha - y.linha).slice(0, 200));
      }
      const saved = await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createAssetsRepo(tx);
            // Each type's fields under its row lock, as a single save does: a type whose
            // fields changed since the file was read refuses the file, nothing is written.
            const locked = new Map<number, { nome: string; campos: AssetTypeField[] }>();
            for (const typeId of new Set(good.map((g) => g.body.type_id))) {
              const tipo = await r.lockType(typeId, 'share');
              if (!tipo) throw new AppError('VALIDATION', 'Tipo de ativo não encontrado.', 'file');
              locked.set(typeId, tipo);
            }
            const rows = good.map(({ linha, body }) => {
              const tipo = locked.get(body.type_id)!;
              const c = checkAssetFields(tipo.campos, body.campos, tipo.nome);
              if (!c.ok) {
                throw new AssetImportRefused([
                  { linha, motivo: `${c.error} (o tipo mudou durante a importação)` },
                ]);
              }
              return rowOf(body, {
                contractId,
                typeId: body.type_id,
                dados: body.dados,
                campos: c.values,
                createdBy: u.id,
              });
            });
            return r.insert(rows);
          }),
        'Outra importação gravou uma destas tags agora; nada foi importado. Envie de novo.',
        'file',
      );
      await publishAssetsImported(deps, saved);
      return { importados: saved.length };
    },

    async types() {
      const rows = await repo.types();
      return { items: rows.map(({ t, total, planos }) => toType(t, total, planos)) };
    },

    async createType(u: AssetActor, body: z.output<typeof assetTypeBody>) {
      assertManager(u);
      if (await repo.typeByName(body.nome)) throw typeTaken(body.nome);
      if (body.campos.some((f) => f.chave)) {
        throw new AppError('VALIDATION', 'Campo do tipo inválido.', 'campos');
      }
      const keyed = keyTypeFields(body.campos, 0);
      const row = await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createAssetsRepo(tx).insertType({
              nome: body.nome,
              categoria: body.categoria,
              campos: keyed.fields,
              ultimaChave: keyed.lastKey,
            }),
          ),
        () => typeTaken(body.nome),
      );
      await typesChanged();
      return toType(row, 0, 0);
    },

    /**
     * Renames, switches on/off or changes the type's own fields. A removed field takes its
     * values with it; a change that an asset's stored value would break (a kind changed, an
     * option removed) is 409 naming the asset, and nothing changes.
     */
    async updateType(u: AssetActor, id: number, body: z.output<typeof assetTypePatchBody>) {
      assertManager(u);
      const tipo = await repo.typeById(id);
      if (!tipo) throw new AppError('NOT_FOUND', 'Tipo de ativo não encontrado.');
      if (body.nome === undefined && body.ativo === undefined && body.campos === undefined) {
        throw new AppError('VALIDATION', 'Nada para alterar.');
      }
      if (body.nome !== undefined) {
        const other = await repo.typeByName(body.nome);
        if (other && other.id !== id) throw typeTaken(body.nome);
      }
      await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createAssetsRepo(tx);
            const locked = (await r.lockType(id, 'update'))!;
            let campos: AssetTypeField[] | undefined;
            let ultimaChave: number | undefined;
            if (body.campos !== undefined) {
              const current = new Set(locked.campos.map((f) => f.chave));
              if (body.campos.some((f) => f.chave && !current.has(f.chave))) {
                throw new AppError(
                  'CONFLICT',
                  'Um dos campos foi removido por outra pessoa; abra o tipo de novo.',
                  'campos',
                );
              }
              const keyed = keyTypeFields(body.campos, locked.ultimaChave);
              const refused = firstRefusedAsset(
                keyed.fields,
                body.nome ?? locked.nome,
                await r.fieldValuesOfType(id),
              );
              if (refused) {
                throw new AppError(
                  'CONFLICT',
                  `A mudança apagaria um valor já cadastrado (${refused}). Altere o ativo antes.`,
                  'campos',
                );
              }
              const kept = new Set(keyed.fields.map((f) => f.chave));
              await r.dropFieldValues(
                id,
                [...current].filter((k) => !kept.has(k)),
              );
              campos = keyed.fields;
              ultimaChave = keyed.lastKey;
            }
            await r.updateType(id, { nome: body.nome, ativo: body.ativo, campos, ultimaChave });
          }),
        () => typeTaken(body.nome ?? tipo.nome),
      );
      await typesChanged();
      const all = await this.types();
      return all.items.find((t) => t.id === id)!;
    },

    /** Deletes a type no asset and no plan uses; one in use is 409 (deactivate it instead). */
    async deleteType(u: AssetActor, id: number) {
      assertManager(u);
      const inUse = (nome: string, ativos: number, planos: number) =>
        new AppError(
          'CONFLICT',
          ativos > 0
            ? `O tipo ${nome} está em uso por ${ativos} ${ativos === 1 ? 'ativo' : 'ativos'} e não pode ser excluído. Desative-o para que não apareça em novos cadastros.`
            : `O tipo ${nome} está em uso por ${planos} ${planos === 1 ? 'plano' : 'planos'} de manutenção e não pode ser excluído. Desative-o para que não apareça em novos cadastros.`,
        );
      try {
        await db.transaction(async (tx) => {
          const r = createAssetsRepo(tx);
          const tipo = await r.lockType(id, 'update');
          if (!tipo) throw new AppError('NOT_FOUND', 'Tipo de ativo não encontrado.');
          const row = (await r.types()).find((x) => x.t.id === id)!;
          if (row.total > 0 || row.planos > 0) throw inUse(tipo.nome, row.total, row.planos);
          await r.deleteType(id);
        });
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        const row = (await repo.types()).find((x) => x.t.id === id);
        throw inUse(row?.t.nome ?? 'escolhido', row?.total ?? 0, row?.planos ?? 1);
      }
      await typesChanged();
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
