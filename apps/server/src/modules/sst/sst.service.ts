import {
  type ActivityType,
  type activityTypeBody,
  addMonthsTo,
  type Aso,
  type asoBody,
  can,
  type Cnh,
  type cnhBody,
  type Role,
  sstState,
  todayIn,
  TOXICOLOGICAL_VALID_MONTHS,
  type trainingBody,
  type trainingPatchBody,
  type TrainingRecord,
  type trainingRecordBody,
  type WorkerSst,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import type { AttachmentForm } from '../../lib/file-http.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import { asoNextDue, requirementLabel } from './sst-gate.ts';
import {
  createSstRepo,
  type AsoRow,
  type CnhRow,
  type RecordRow,
  type TrainingRow,
} from './sst.repo.ts';

export interface SstActor {
  id: number;
  email: string;
  nome: string;
  type: Role;
}

type Out<T extends z.ZodType> = z.output<T>;
const CERT_PREFIX = 'sst-certificados';

/** SST records per worker: catalogue, trainings, ASOs (health data), CNH, requirement sets. */
export function createSstService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'events' | 'storage'>,
) {
  const db = deps.database.db;
  const repo = createSstRepo(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);
  const manages = (u: SstActor) => can(u, 'sst.manage');
  const seesHealth = (u: SstActor, workerId: number) =>
    u.id === workerId || can(u, 'aso.health.read');
  const changed = () => deps.events.publish({ type: RT_EVENTS.sstChanged });

  function notFuture(date: string, field: string, what: string) {
    if (date > today())
      throw new AppError('VALIDATION', `${what} não pode estar no futuro.`, field);
  }

  async function activePerson(id: number, field = 'user_id') {
    const p = await repo.person(id);
    if (!p?.active) throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', field);
    return p;
  }

  function toRecord(r: RecordRow, nome: string, t: TrainingRow | undefined): TrainingRecord {
    return {
      id: r.id,
      pessoa: { id: r.userId, nome },
      treinamento: { id: r.trainingId, codigo: t?.codigo ?? '', nome: t?.nome ?? '' },
      data: r.data,
      carga_horaria: r.cargaHoraria,
      instrutor: r.instrutor,
      validade: r.validade,
      estado: sstState(r.validade, today()),
      certificado: r.certificadoKey ? { nome: r.certificadoNome ?? 'certificado' } : null,
    };
  }

  function toAso(a: AsoRow, nome: string, months: number, latest: boolean, visible: boolean): Aso {
    return {
      id: a.id,
      pessoa: { id: a.userId, nome },
      tipo: a.tipo,
      data: a.data,
      medico: a.medico,
      crm: a.crm,
      resultado: visible ? a.resultado : null,
      restricoes: visible ? a.restricoes : null,
      resultado_visivel: visible,
      proximo: latest ? asoNextDue(a, months) : null,
    };
  }

  function toCnh(c: CnhRow, nome: string): Cnh {
    const tox = c.toxicologicoData
      ? addMonthsTo(c.toxicologicoData, TOXICOLOGICAL_VALID_MONTHS)
      : null;
    return {
      pessoa: { id: c.userId, nome },
      numero: c.numero,
      categoria: c.categoria,
      validade: c.validade,
      ear: c.ear,
      toxicologico_data: c.toxicologicoData,
      toxicologico_validade: tox,
      estado: sstState(c.validade, today()),
    };
  }

  async function trainingMap() {
    await repo.ensureCatalogue();
    return new Map((await repo.trainings(false)).map((t) => [t.id, t]));
  }

  return {
    manages,

    async trainings(all: boolean) {
      await repo.ensureCatalogue();
      return {
        items: (await repo.trainings(!all)).map((t) => ({
          id: t.id,
          codigo: t.codigo,
          nome: t.nome,
          validade_meses: t.validadeMeses,
          ativo: t.ativo,
        })),
      };
    },

    async createTraining(b: Out<typeof trainingBody>) {
      await repo.ensureCatalogue();
      const dup = () => new AppError('CONFLICT', `Já existe o treinamento ${b.codigo}.`, 'codigo');
      if (await repo.trainingByCode(b.codigo)) throw dup();
      const row = await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createSstRepo(tx).insertTraining({
              codigo: b.codigo,
              nome: b.nome,
              validadeMeses: b.validade_meses,
              ativo: b.ativo,
            }),
          ),
        dup,
      );
      await changed();
      return {
        id: row.id,
        codigo: row.codigo,
        nome: row.nome,
        validade_meses: row.validadeMeses,
        ativo: row.ativo,
      };
    },

    async updateTraining(id: number, b: Out<typeof trainingPatchBody>) {
      if (!(await repo.training(id))) throw notFound('Treinamento');
      const dup = () => new AppError('CONFLICT', `Já existe o treinamento ${b.codigo}.`, 'codigo');
      if (b.codigo && (await repo.trainingByCode(b.codigo, id))) throw dup();
      const row = (await conflictOnDuplicate(
        () =>
          db.transaction((tx) =>
            createSstRepo(tx).updateTraining(id, {
              codigo: b.codigo,
              nome: b.nome,
              validadeMeses: b.validade_meses,
              ativo: b.ativo,
            }),
          ),
        dup,
      ))!;
      await changed();
      return {
        id: row.id,
        codigo: row.codigo,
        nome: row.nome,
        validade_meses: row.validadeMeses,
        ativo: row.ativo,
      };
    },

    async addRecord(actor: SstActor, b: Out<typeof trainingRecordBody>) {
      notFuture(b.data, 'data', 'A data do treinamento');
      const p = await activePerson(b.user_id);
      const t = await repo.training(b.training_id);
      if (!t?.ativo) throw new AppError('VALIDATION', 'Treinamento não encontrado.', 'training_id');
      const row = await db.transaction((tx) =>
        createSstRepo(tx).insertRecord({
          userId: b.user_id,
          trainingId: t.id,
          data: b.data,
          cargaHoraria: b.carga_horaria,
          instrutor: b.instrutor,
          validade: addMonthsTo(b.data, t.validadeMeses),
          createdBy: actor.id,
        }),
      );
      await changed();
      return toRecord(row, p.nome, t);
    },

    async attachCertificate(id: number, form: AttachmentForm) {
      const name = safeFileName(form.file.fileName);
      try {
        const r = await repo.record(id);
        if (!r) throw notFound('Treinamento');
        const type = acceptedFileType(form.file.head, name);
        if (type.mime !== 'application/pdf' && !type.mime.startsWith('image/')) {
          throw new AppError('UNSUPPORTED_MEDIA', 'Envie o certificado em PDF ou imagem.', 'file');
        }
        const key = await deps.storage.put(CERT_PREFIX, type.ext, form.file.stream);
        let removeReplaced: () => Promise<void>;
        try {
          removeReplaced = await db.transaction(async (tx) => {
            const replaced = await createSstRepo(tx).replaceCertificate(id, key, name, type.mime);
            if (!replaced) throw notFound('Treinamento');
            // The replaced certificate leaves the storage with its reference: no orphan.
            return removeAfterCommit(deps, tx, [replaced.old]);
          });
        } catch (err) {
          await deps.storage.remove(key).catch(() => undefined);
          throw err;
        }
        await removeReplaced();
        const [p, t] = await Promise.all([repo.person(r.userId), repo.training(r.trainingId)]);
        await changed();
        return toRecord({ ...r, certificadoKey: key, certificadoNome: name }, p?.nome ?? '', t);
      } catch (err) {
        form.file.discard();
        throw err;
      }
    },

    /** The certificate of a training: its worker or a gestor of SST; 404 for anyone else. */
    async certificate(actor: SstActor, id: number) {
      const r = await repo.record(id);
      if (!r?.certificadoKey || (!manages(actor) && r.userId !== actor.id))
        throw notFound('Certificado');
      return {
        mimeType: r.certificadoMime ?? 'application/octet-stream',
        fileName: r.certificadoNome ?? 'certificado',
        stream: deps.storage.get(r.certificadoKey),
      };
    },

    async addAso(actor: SstActor, b: Out<typeof asoBody>) {
      notFuture(b.data, 'data', 'A data do ASO');
      const p = await activePerson(b.user_id);
      const row = await db.transaction(async (tx) => {
        const r = createSstRepo(tx);
        if (b.periodicidade_meses) await r.setPeriodicity(b.user_id, b.periodicidade_meses);
        return r.insertAso({
          userId: b.user_id,
          tipo: b.tipo,
          data: b.data,
          resultado: b.resultado,
          restricoes: b.resultado === 'apto' ? null : b.restricoes,
          medico: b.medico,
          crm: b.crm.toUpperCase(),
          createdBy: actor.id,
        });
      });
      const months = (await repo.periodicities([b.user_id])).get(b.user_id) ?? 12;
      await changed();
      return toAso(row, p.nome, months, true, true);
    },

    async setPeriodicity(userId: number, months: number) {
      await activePerson(userId, 'userId');
      await db.transaction((tx) => createSstRepo(tx).setPeriodicity(userId, months));
      await changed();
    },

    async setCnh(actor: SstActor, userId: number, b: Out<typeof cnhBody>) {
      const p = await activePerson(userId, 'userId');
      const row = await db.transaction((tx) =>
        createSstRepo(tx).upsertCnh({
          userId,
          numero: b.numero,
          categoria: b.categoria,
          validade: b.validade,
          ear: b.ear,
          toxicologicoData: b.toxicologico_data,
          updatedBy: actor.id,
        }),
      );
      await changed();
      return toCnh(row, p.nome);
    },

    /**
     * Everything SST of one worker: the worker themself, SST gestores and ti. The ASO result and
     * restrictions only for the worker and aso.health.read; every view is logged.
     */
    async worker(actor: SstActor, userId: number, ip: string | null): Promise<WorkerSst> {
      const self = actor.id === userId;
      if (!self && !manages(actor) && !can(actor, 'aso.health.read')) throw notFound('Pessoa');
      const p = await repo.person(userId);
      if (!p) throw notFound('Pessoa');
      const [records, asos, cnhs, periods, trainings] = await Promise.all([
        repo.records([userId]),
        repo.asos([userId]),
        repo.cnhs([userId]),
        repo.periodicities([userId]),
        trainingMap(),
      ]);
      const months = periods.get(userId) ?? 12;
      const visible = seesHealth(actor, userId);
      if (asos.length > 0) {
        await repo.logHealthView(
          actor,
          userId,
          { pessoa: p.nome, resultado_visivel: visible, asos: asos.length },
          ip,
        );
      }
      return {
        pessoa: { id: p.id, nome: p.nome, funcao: p.funcao },
        aso_periodicidade_meses: months,
        treinamentos: records.map((r) => toRecord(r, p.nome, trainings.get(r.trainingId))),
        asos: asos.map((a, i) => toAso(a, p.nome, months, i === 0, visible)),
        cnh: cnhs[0] ? toCnh(cnhs[0], p.nome) : null,
      };
    },

    async activityTypes(all: boolean): Promise<{ items: ActivityType[] }> {
      const [types, trainings] = await Promise.all([repo.activityTypes(!all), trainingMap()]);
      const reqs = await repo.requirements(types.map((t) => t.id));
      return {
        items: types.map((t) => ({
          id: t.id,
          nome: t.nome,
          descricao: t.descricao,
          ativo: t.ativo,
          requisitos: reqs
            .filter((r) => r.activityTypeId === t.id)
            .map((r) => ({
              tipo: r.tipo,
              training_id: r.trainingId,
              rotulo: requirementLabel(r, trainings),
            })),
        })),
      };
    },

    async saveActivityType(id: number | null, b: Out<typeof activityTypeBody>) {
      if (id !== null && !(await repo.activityType(id))) throw notFound('Tipo de atividade');
      const trainings = await trainingMap();
      for (const r of b.requisitos) {
        if (r.tipo === 'treinamento' && (r.training_id === null || !trainings.has(r.training_id))) {
          throw new AppError('VALIDATION', 'Escolha o treinamento do requisito.', 'requisitos');
        }
      }
      const dup = () =>
        new AppError('CONFLICT', `Já existe o tipo de atividade ${b.nome}.`, 'nome');
      if (await repo.activityTypeByName(b.nome, id ?? 0)) throw dup();
      const seen = new Set<string>();
      const reqs = b.requisitos
        .map((r) => ({ tipo: r.tipo, trainingId: r.tipo === 'treinamento' ? r.training_id : null }))
        .filter((r) => {
          const k = `${r.tipo}:${r.trainingId ?? ''}`;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
      const typeId = await conflictOnDuplicate(
        () =>
          db.transaction(async (tx) => {
            const r = createSstRepo(tx);
            const values = { nome: b.nome, descricao: b.descricao, ativo: b.ativo };
            const tid = id ?? (await r.insertActivityType(values)).id;
            if (id !== null) await r.updateActivityType(id, values);
            await r.setRequirements(tid, reqs);
            return tid;
          }),
        dup,
      );
      await changed();
      return (await this.activityTypes(true)).items.find((t) => t.id === typeId)!;
    },
  };
}

export type SstService = ReturnType<typeof createSstService>;
