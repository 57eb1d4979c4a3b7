import {
  answerRefusal,
  type OsAnswerValue,
  type OsItemRule,
  type OsTemplateItem,
  type osAnswerBody,
  type ServiceType,
  type ServiceTypeSummary,
  type serviceTypeBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  createServiceTypesRepo,
  type ServiceTypeRow,
  type TemplateItemInsert,
  type TemplateItemRow,
} from './service-types.repo.ts';

type Body = z.output<typeof serviceTypeBody>;
const DUPLICATE = 'Já existe um tipo de serviço com este nome.';

/** A stored template item as the API shows it. */
export function toTemplateItem(r: TemplateItemRow): OsTemplateItem {
  return {
    id: r.id,
    ordem: r.ordem,
    titulo: r.titulo,
    tipo: r.tipo,
    obrigatorio: r.obrigatorio,
    ajuda: r.ajuda,
    unidade: r.unidade,
    minimo: r.minimo,
    maximo: r.maximo,
    opcoes: r.opcoes,
    fotos_minimas: r.fotosMinimas,
  };
}

/** What the checklist rules read of a template item. */
export function toItemRule(r: TemplateItemRow | OsTemplateItem): OsItemRule {
  const t = 'versionId' in r ? toTemplateItem(r) : r;
  return {
    id: t.id,
    titulo: t.titulo,
    tipo: t.tipo,
    obrigatorio: t.obrigatorio,
    unidade: t.unidade,
    minimo: t.minimo,
    maximo: t.maximo,
    opcoes: t.opcoes,
    fotos_minimas: t.fotos_minimas,
  };
}

/**
 * One checklist answer (of the OS or of one of its assets) checked against its item: a 404 when
 * the item is not of the OS's checklist, a 400 on `valor` when the value breaks its rule (type,
 * range, options). Answers the item, the value, the columns to store and whether the answer
 * was emptied (nothing typed and no note: the stored answer is deleted).
 */
export function checkedAnswer(item: TemplateItemRow | undefined, b: z.output<typeof osAnswerBody>) {
  if (!item) throw new AppError('NOT_FOUND', 'Item do checklist não encontrado.');
  const value: OsAnswerValue = {
    valor_sim_nao: b.valor_sim_nao,
    valor_numero: b.valor_numero,
    valor_texto: b.valor_texto,
    valor_opcoes: b.valor_opcoes,
    valor_data: b.valor_data,
  };
  const refusal = answerRefusal(toItemRule(item), value);
  if (refusal) throw new AppError('VALIDATION', refusal, 'valor');
  return {
    item,
    value,
    empty: Object.values(value).every((v) => v === null) && b.observacao === null,
    columns: {
      valorSimNao: value.valor_sim_nao,
      valorNumero: value.valor_numero,
      valorTexto: value.valor_texto,
      valorOpcoes: value.valor_opcoes,
      valorData: value.valor_data,
      observacao: b.observacao,
    },
  };
}

/** Only the fields each item type uses are kept (no range on a yes/no item). */
function itemInserts(items: Body['itens']): TemplateItemInsert[] {
  return items.map((i, ordem) => ({
    ordem,
    titulo: i.titulo,
    tipo: i.tipo,
    obrigatorio: i.obrigatorio,
    ajuda: i.ajuda,
    unidade: i.tipo === 'numero' ? i.unidade : null,
    minimo: i.tipo === 'numero' ? i.minimo : null,
    maximo: i.tipo === 'numero' ? i.maximo : null,
    opcoes: i.tipo === 'escolha_unica' || i.tipo === 'escolha_multipla' ? i.opcoes : [],
    fotosMinimas: i.tipo === 'foto' ? (i.fotos_minimas ?? 1) : null,
  }));
}

const sameItems = (a: TemplateItemInsert[], b: TemplateItemRow[]) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return (
      x.titulo === y.titulo &&
      x.tipo === y.tipo &&
      x.obrigatorio === y.obrigatorio &&
      (x.ajuda ?? null) === y.ajuda &&
      (x.unidade ?? null) === y.unidade &&
      (x.minimo ?? null) === y.minimo &&
      (x.maximo ?? null) === y.maximo &&
      JSON.stringify(x.opcoes ?? []) === JSON.stringify(y.opcoes) &&
      (x.fotosMinimas ?? null) === y.fotosMinimas
    );
  });

/** Service types with versioned checklist templates: editing items makes a new version. */
export function createServiceTypesService(deps: Pick<ServiceDeps, 'database'>) {
  const db = deps.database.db;
  const repo = createServiceTypesRepo(db);

  async function full(t: ServiceTypeRow, versionId?: number): Promise<ServiceType> {
    const version = versionId ? await repo.version(versionId) : await repo.latestVersion(t.id);
    if (!version) throw notFound('Modelo de checklist');
    const items = await repo.items([version.id]);
    return {
      id: t.id,
      nome: t.nome,
      descricao: t.descricao,
      ativo: t.ativo,
      enviar_relatorio_cliente: t.enviarRelatorioCliente,
      versao: version.versao,
      itens_total: items.length,
      updated_at: t.updatedAt.toISOString(),
      version_id: version.id,
      itens: items.map(toTemplateItem),
    };
  }

  return {
    async list(onlyActive: boolean): Promise<{ items: ServiceTypeSummary[] }> {
      const rows = await repo.list(onlyActive);
      return {
        items: rows.map((r) => ({
          id: r.t.id,
          nome: r.t.nome,
          descricao: r.t.descricao,
          ativo: r.t.ativo,
          enviar_relatorio_cliente: r.t.enviarRelatorioCliente,
          versao: r.versao ?? 0,
          itens_total: r.itens ?? 0,
          updated_at: r.t.updatedAt.toISOString(),
        })),
      };
    },

    async get(id: number): Promise<ServiceType> {
      const t = await repo.byId(id);
      if (!t) throw notFound('Tipo de serviço');
      return full(t);
    },

    /** A template version as an OS stored it (older versions stay readable). */
    async version(versionId: number) {
      const v = await repo.version(versionId);
      if (!v) throw notFound('Modelo de checklist');
      return { version: v, items: await repo.items([v.id]) };
    },

    async create(actor: { id: number }, body: Body): Promise<ServiceType> {
      if (await repo.byName(body.nome)) throw new AppError('CONFLICT', DUPLICATE, 'nome');
      const id = await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createServiceTypesRepo(tx);
            const t = await r.insertType({
              nome: body.nome,
              descricao: body.descricao,
              ativo: body.ativo,
              enviarRelatorioCliente: body.enviar_relatorio_cliente,
              createdBy: actor.id,
            });
            await r.insertVersion(t.id, actor.id, itemInserts(body.itens));
            return t.id;
          }),
        DUPLICATE,
        'nome',
      );
      return this.get(id);
    },

    /** Name/description/active change in place; different items make a new version. */
    async update(actor: { id: number }, id: number, body: Body): Promise<ServiceType> {
      const other = await repo.byName(body.nome);
      if (other && other.id !== id) throw new AppError('CONFLICT', DUPLICATE, 'nome');
      await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createServiceTypesRepo(tx);
            const t = await r.lock(id);
            if (!t) throw notFound('Tipo de serviço');
            await r.updateType(id, {
              nome: body.nome,
              descricao: body.descricao,
              ativo: body.ativo,
              enviarRelatorioCliente: body.enviar_relatorio_cliente,
            });
            const latest = await r.latestVersion(id);
            const next = itemInserts(body.itens);
            const current = latest ? await r.items([latest.id]) : [];
            if (!latest || !sameItems(next, current)) await r.insertVersion(id, actor.id, next);
          }),
        DUPLICATE,
        'nome',
      );
      return this.get(id);
    },
  };
}

export type ServiceTypesService = ReturnType<typeof createServiceTypesService>;
