import {
  isDateOnly,
  STAGE_LABELS,
  STAGES,
  taskWorkingDuration,
  type PlanImportError,
  type PlanPredecessor,
  type Stage,
  type WorkingCalendar,
} from '@eproto/domain';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../lib/errors.ts';
import type { PlanExportTask } from './plan-export.ts';
import { assertPlanSize, type RawPlanTask, type ReadPlan } from './plan-rows.ts';

/** Text1, the custom field the export names "Etapa" (MS Project's field id for Text1). */
const STAGE_FIELD_ID = '188743731';
const MINUTES_PER_DAY = 480;
/** MSPDI link types: 1 = finish-to-start (0 FF, 2 SF, 3 SS are not planned here). */
const FINISH_TO_START = '1';
/** MSPDI lag formats: elapsed ones (e…) count 24-hour days. */
const ELAPSED_LAG_FORMATS = new Set(['4', '6', '8', '10', '12', '20']);
const PERCENT_LAG_FORMATS = new Set(['19', '20']);
/** A working-day lag exported as "d" (7), a calendar-day lag as "ed" (8). */
const LAG_DAYS = '7';
const LAG_ELAPSED_DAYS = '8';

const hours = (h: number) => {
  const minutes = Math.round(h * 60);
  return `PT${Math.floor(minutes / 60)}H${minutes % 60}M0S`;
};

/**
 * The demand's plan as MS Project XML (MSPDI): Tasks with UID, Name, Start, Finish, Duration,
 * Work and PredecessorLink (LinkLag in tenths of minutes: working days of 8 hours, or elapsed
 * days when the demand plans in calendar days), the responsáveis as Resources and Assignments,
 * and the stage in the Text1 field named "Etapa".
 */
export function planMspdi(
  tasks: PlanExportTask[],
  opts: { titulo: string; calendar: WorkingCalendar; workingDays: boolean },
): Buffer {
  const people = [...new Set(tasks.flatMap((t) => (t.email ? [t.email] : [])))];
  const resourceUid = new Map(people.map((e, i) => [e, i + 1]));
  const minutesPerLagDay = opts.workingDays ? MINUTES_PER_DAY : 1440;
  const starts = tasks.flatMap((t) => ((t.inicio ?? t.fim) ? [(t.inicio ?? t.fim)!] : [])).sort();
  const project = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' },
    Project: {
      '@_xmlns': 'http://schemas.microsoft.com/project',
      SaveVersion: 14,
      Name: `${opts.titulo}.xml`,
      Title: opts.titulo,
      ScheduleFromStart: 1,
      ...(starts[0] ? { StartDate: `${starts[0]}T08:00:00` } : {}),
      MinutesPerDay: MINUTES_PER_DAY,
      MinutesPerWeek: MINUTES_PER_DAY * 5,
      DaysPerMonth: 20,
      ExtendedAttributes: {
        ExtendedAttribute: { FieldID: STAGE_FIELD_ID, FieldName: 'Text1', Alias: 'Etapa' },
      },
      Tasks: {
        Task: tasks.map((t) => ({
          UID: t.ref,
          ID: t.ref,
          Name: t.titulo,
          Type: 1,
          IsNull: 0,
          OutlineLevel: 1,
          ...(t.inicio ? { Start: `${t.inicio}T08:00:00` } : {}),
          ...(t.fim ? { Finish: `${t.fim}T17:00:00` } : {}),
          ...(t.inicio || t.fim
            ? {
                Duration: hours(
                  taskWorkingDuration(
                    { inicio_previsto: t.inicio, fim_previsto: t.fim },
                    opts.calendar,
                  ) * 8,
                ),
                DurationFormat: opts.workingDays ? 7 : 8,
              }
            : {}),
          ...(t.horas === null ? {} : { Work: hours(t.horas) }),
          PercentComplete: t.stage === 'concluido' ? 100 : t.stage === 'a_fazer' ? 0 : 50,
          PredecessorLink: t.predecessoras.map((p) => ({
            PredecessorUID: p.ref,
            Type: FINISH_TO_START,
            CrossProject: 0,
            LinkLag: p.lag_days * minutesPerLagDay * 10,
            LagFormat: opts.workingDays ? LAG_DAYS : LAG_ELAPSED_DAYS,
          })),
          ExtendedAttribute: { FieldID: STAGE_FIELD_ID, Value: STAGE_LABELS[t.stage] },
        })),
      },
      Resources: {
        Resource: people.map((email) => ({
          UID: resourceUid.get(email),
          ID: resourceUid.get(email),
          Name: tasks.find((t) => t.email === email)?.nome ?? email,
          Type: 1,
          EmailAddress: email,
        })),
      },
      Assignments: {
        Assignment: tasks.flatMap((t) =>
          t.email
            ? [
                {
                  UID: t.ref,
                  TaskUID: t.ref,
                  ResourceUID: resourceUid.get(t.email),
                  Units: 1,
                  ...(t.horas === null ? {} : { Work: hours(t.horas) }),
                },
              ]
            : [],
        ),
      },
    },
  };
  const xml = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    suppressEmptyNode: true,
  }).build(project);
  return Buffer.from(xml, 'utf8');
}

const refuse = (message: string) => new AppError('VALIDATION', message, 'file');

type Node = Record<string, unknown>;
const str = (v: unknown): string =>
  typeof v === 'string'
    ? v.trim()
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : '';
const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).filter(
    (x): x is Node => typeof x === 'object' && x !== null,
  );

function dateOf(v: unknown, label: string): string | null {
  const s = str(v);
  if (s === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+)?$/.exec(s);
  if (!m || !isDateOnly(m[1]!)) throw new Error(`${label}: data "${s.slice(0, 30)}" inválida.`);
  return m[1]!;
}

/** "PT12H30M0S" (also with days, "P1DT2H") as hours; null when absent. */
function workOf(v: unknown): number | null {
  const s = str(v);
  if (s === '') return null;
  const m =
    /^P(?:(\d{1,6})D)?(?:T(?:(\d{1,7}(?:\.\d+)?)H)?(?:(\d{1,9}(?:\.\d+)?)M)?(?:(\d{1,9}(?:\.\d+)?)S)?)?$/.exec(
      s,
    );
  if (!m) throw new Error(`Trabalho "${s.slice(0, 30)}" não é uma duração válida.`);
  const h =
    Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0) + Number(m[3] ?? 0) / 60 + Number(m[4] ?? 0) / 3600;
  if (h > 10_000) throw new Error('Trabalho: no máximo 10.000 horas por tarefa.');
  return Math.round(h * 100) / 100;
}

function lagOf(link: Node, minutesPerDay: number): number {
  const raw = str(link.LinkLag);
  if (raw === '') return 0;
  const format = str(link.LagFormat) || LAG_DAYS;
  if (PERCENT_LAG_FORMATS.has(format)) {
    throw new Error('Intervalo em porcentagem não é aceito: use dias.');
  }
  const tenths = Number(raw);
  if (!/^-?\d{1,12}(\.\d+)?$/.test(raw) || !Number.isFinite(tenths)) {
    throw new Error(`Intervalo "${raw.slice(0, 20)}" não é um número.`);
  }
  const perDay = (ELAPSED_LAG_FORMATS.has(format) ? 1440 : minutesPerDay) * 10;
  const days = Math.round(tenths / perDay);
  if (Math.abs(days) > 365) throw new Error('O intervalo deve ficar entre -365 e 365 dias.');
  return days;
}

function stageOf(task: Node, stageField: string | null): Stage | null {
  if (stageField) {
    const attr = list(task.ExtendedAttribute).find((a) => str(a.FieldID) === stageField);
    const label = str(attr?.Value).toLowerCase();
    const found = STAGES.find((s) => STAGE_LABELS[s].toLowerCase() === label);
    if (found) return found;
  }
  const pct = Number(str(task.PercentComplete) || '0');
  return pct >= 100 ? 'concluido' : pct > 0 ? 'em_andamento' : null;
}

function parseXml(data: Buffer): Node {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  // Entities are how XML bombs and external-file reads work; MS Project never declares any.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw refuse(
      'O XML declara DOCTYPE ou entidades, que não são aceitos por segurança. Salve o plano de novo pelo MS Project (Salvar como > XML).',
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw refuse(
      `O arquivo XML está malformado (linha ${valid.err.line}); não foi possível lê-lo.`,
    );
  }
  try {
    return new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      processEntities: true,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
    }).parse(text) as Node;
  } catch {
    throw refuse('Não foi possível ler o XML do MS Project.');
  }
}

/**
 * Reads an MSPDI file: every real task (not the project summary, summary or empty rows) with
 * Start/Finish, Work, finish-to-start PredecessorLinks and the first assigned resource (by
 * e-mail, else by name). Lines are MS Project's task IDs; links name UIDs.
 */
export function readPlanMspdi(data: Buffer): ReadPlan {
  const doc = parseXml(data);
  const project = doc.Project;
  if (typeof project !== 'object' || project === null) {
    throw refuse('Este XML não é um plano do MS Project (falta o elemento Project).');
  }
  const p = project as Node;
  const minutesPerDay = Number(str(p.MinutesPerDay)) || MINUTES_PER_DAY;
  const stageAttr = list((p.ExtendedAttributes as Node | undefined)?.ExtendedAttribute).find(
    (a) => str(a.Alias).toLowerCase() === 'etapa',
  );
  const stageField = stageAttr ? str(stageAttr.FieldID) : null;
  const all = list((p.Tasks as Node | undefined)?.Task).filter(
    (t) =>
      str(t.UID) !== '0' &&
      str(t.Summary) !== '1' &&
      str(t.IsNull) !== '1' &&
      str(t.OutlineLevel) !== '0',
  );
  assertPlanSize(all.length);
  const resources = new Map(
    list((p.Resources as Node | undefined)?.Resource).map((r) => [str(r.UID), r] as const),
  );
  const assigned = new Map<string, Node>();
  for (const a of list((p.Assignments as Node | undefined)?.Assignment)) {
    const task = str(a.TaskUID);
    const resource = resources.get(str(a.ResourceUID));
    if (resource && !assigned.has(task)) assigned.set(task, resource);
  }
  const out: ReadPlan = { tasks: [], erros: [], refs: new Set() };
  all.forEach((t, i) => {
    const linha = /^\d{1,9}$/.test(str(t.ID)) ? Number(str(t.ID)) : i + 1;
    const uid = str(t.UID);
    if (!/^\d{1,9}$/.test(uid) || Number(uid) < 1) {
      out.erros.push({ linha, motivo: `UID "${uid.slice(0, 20)}" inválido.` });
      return;
    }
    out.refs.add(Number(uid));
    try {
      out.tasks.push(taskOf(t, { linha, ref: Number(uid), minutesPerDay, stageField, assigned }));
    } catch (err) {
      out.erros.push({ linha, motivo: (err as Error).message } satisfies PlanImportError);
    }
  });
  return out;
}

function taskOf(
  t: Node,
  c: {
    linha: number;
    ref: number;
    minutesPerDay: number;
    stageField: string | null;
    assigned: Map<string, Node>;
  },
): RawPlanTask {
  const titulo = str(t.Name).replace(/\s+/g, ' ');
  if (titulo === '') throw new Error('Tarefa sem nome.');
  if (titulo.length > 200) throw new Error('Nome longo demais (no máximo 200 caracteres).');
  const inicio = dateOf(t.Start, 'Início');
  const fim = dateOf(t.Finish, 'Fim');
  if (inicio && fim && fim < inicio) throw new Error('O fim vem antes do início.');
  const predecessoras: PlanPredecessor[] = list(t.PredecessorLink).map((link) => {
    const ref = str(link.PredecessorUID);
    if (!/^\d{1,9}$/.test(ref)) throw new Error(`Predecessora "${ref.slice(0, 20)}" inválida.`);
    if ((str(link.Type) || FINISH_TO_START) !== FINISH_TO_START) {
      throw new Error(`Predecessora ${ref}: só dependências término-início (FS) são aceitas.`);
    }
    if (str(link.CrossProject) === '1') {
      throw new Error(`Predecessora ${ref} é de outro projeto.`);
    }
    return { ref: Number(ref), lag_days: lagOf(link, c.minutesPerDay) };
  });
  const resource = c.assigned.get(String(c.ref));
  const email = str(resource?.EmailAddress);
  const nome = str(resource?.Name);
  return {
    linha: c.linha,
    ref: c.ref,
    titulo,
    inicio,
    fim,
    horas: workOf(t.Work),
    pessoa: resource && (email || nome) ? { email: email || null, nome: nome || null } : null,
    predecessoras,
    stage: stageOf(t, c.stageField),
  };
}
