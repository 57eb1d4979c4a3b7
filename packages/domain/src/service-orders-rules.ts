// Pure rules of service orders (OS): statuses and their moves, checklist item types, the OS
// code, distances, answer validation, missing required items and hours on site.

import { can } from './permissions.ts';
import type { Role } from './roles.ts';

/** Statuses of an OS, in the order a visit goes through them. */
export const OS_STATUSES = [
  'aberta',
  'em_deslocamento',
  'em_execucao',
  'pausada',
  'concluida',
  'cancelada',
] as const;
export type OsStatus = (typeof OS_STATUSES)[number];
export const OS_STATUS_LABELS: Record<OsStatus, string> = {
  aberta: 'Aberta',
  em_deslocamento: 'Em deslocamento',
  em_execucao: 'Em execução',
  pausada: 'Pausada',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};

/** Statuses in which nothing changes any more. */
export const OS_FINAL_STATUSES: readonly OsStatus[] = ['concluida', 'cancelada'];

/** Allowed status moves (conclusion goes through POST /:id/concluir with the signature). */
export const OS_TRANSITIONS: Record<OsStatus, readonly OsStatus[]> = {
  aberta: ['em_deslocamento', 'em_execucao', 'cancelada'],
  em_deslocamento: ['em_execucao', 'cancelada'],
  em_execucao: ['pausada', 'concluida', 'cancelada'],
  pausada: ['em_execucao', 'cancelada'],
  concluida: [],
  cancelada: [],
};

/** Steps a person takes through POST /:id/etapas. */
export const OS_ACTIONS = ['a_caminho', 'check_in', 'pausar', 'retomar', 'cancelar'] as const;
export type OsAction = (typeof OS_ACTIONS)[number];
export const OS_ACTION_LABELS: Record<OsAction, string> = {
  a_caminho: 'Estou a caminho',
  check_in: 'Cheguei (check-in)',
  pausar: 'Pausar',
  retomar: 'Retomar',
  cancelar: 'Cancelar OS',
};
/** Status each action leads to. */
export const OS_ACTION_TARGET: Record<OsAction, OsStatus> = {
  a_caminho: 'em_deslocamento',
  check_in: 'em_execucao',
  pausar: 'pausada',
  retomar: 'em_execucao',
  cancelar: 'cancelada',
};
/** Which statuses each action starts from (retomar only from pausada, check-in never twice). */
const ACTION_FROM: Record<OsAction, readonly OsStatus[]> = {
  a_caminho: ['aberta'],
  check_in: ['aberta', 'em_deslocamento'],
  pausar: ['em_execucao'],
  retomar: ['pausada'],
  cancelar: ['aberta', 'em_deslocamento', 'em_execucao', 'pausada'],
};

/** Statuses in which the checklist may be answered: after the check-in, also while paused. */
export const OS_ANSWER_STATUSES: readonly OsStatus[] = ['em_execucao', 'pausada'];

/** Why a checklist answer is refused in a status (before the check-in), or null. */
export function osAnswerRefusal(status: OsStatus): string | null {
  if (OS_ANSWER_STATUSES.includes(status) || OS_FINAL_STATUSES.includes(status)) return null;
  return 'Faça o check-in antes de responder o checklist.';
}

/** True when the role sees the OS costs (list, export, OS page): permission `os.cost.read`. */
export const seesOsCost = (role: Role): boolean => can(role, 'os.cost.read');

/** Decimal hours of a number of minutes, 2 decimals (150 -> 2.5): the export's number cell. */
export const decimalHours = (min: number): number => Math.round((min / 60) * 100) / 100;

/** The one refusal of any change (step, answer, photo, material, team...) to a cancelled OS. */
export const OS_CANCELLED_REFUSAL = 'OS cancelada: não pode mais ser alterada.';
/** The one refusal of any change to a concluded (signed and sealed) OS. */
export const OS_SEALED_REFUSAL =
  'OS concluída e assinada: não pode mais ser alterada. Correções só por adendo (gerente ou diretoria).';

/** Why an action is refused from a status, or null when it is allowed. */
export function osActionRefusal(from: OsStatus, action: OsAction): string | null {
  if (ACTION_FROM[action].includes(from)) return null;
  if (from === 'concluida') return OS_SEALED_REFUSAL;
  if (from === 'cancelada') return OS_CANCELLED_REFUSAL;
  if (action === 'check_in') return 'O check-in desta OS já foi feito.';
  if (action === 'a_caminho') return 'O deslocamento só pode ser iniciado numa OS aberta.';
  if (action === 'pausar') return 'Só é possível pausar uma OS em execução.';
  if (action === 'retomar') return 'Só é possível retomar uma OS pausada.';
  return `Uma OS ${OS_STATUS_LABELS[from].toLowerCase()} não pode ser cancelada.`;
}

// ---------------------------------------------------------------- OS code

/** "OS-2026-000123": yearly sequence, six digits. */
export function osCode(year: number, n: number): string {
  return `OS-${year}-${String(n).padStart(6, '0')}`;
}

/** Pattern of an OS code (public verification path). */
export const OS_CODE_RE = /^OS-\d{4}-\d{6,9}$/;

// ---------------------------------------------------------------- geography

/** A check-in farther than this from the site's coordinates asks for a reason. */
export const OS_CHECK_IN_MAX_DISTANCE_M = 300;

/** Text of a missing position on screens and in the report. */
export const OS_NO_POSITION = 'posição não informada';

// ---------------------------------------------------------------- checklist

/** Types of checklist items. */
export const OS_ITEM_TYPES = [
  'sim_nao',
  'numero',
  'texto_curto',
  'texto_longo',
  'escolha_unica',
  'escolha_multipla',
  'foto',
  'data',
] as const;
export type OsItemType = (typeof OS_ITEM_TYPES)[number];
export const OS_ITEM_TYPE_LABELS: Record<OsItemType, string> = {
  sim_nao: 'Sim / Não / Não se aplica',
  numero: 'Número',
  texto_curto: 'Texto curto',
  texto_longo: 'Texto longo',
  escolha_unica: 'Escolha única',
  escolha_multipla: 'Múltipla escolha',
  foto: 'Foto',
  data: 'Data',
};

export const OS_YES_NO = ['sim', 'nao', 'na'] as const;
export type OsYesNo = (typeof OS_YES_NO)[number];
export const OS_YES_NO_LABELS: Record<OsYesNo, string> = {
  sim: 'Sim',
  nao: 'Não',
  na: 'Não se aplica',
};

/** Longest short text answer. */
/** Before/after marking of a photo. */
export const OS_PHOTO_TAGS = ['antes', 'depois'] as const;
export type OsPhotoTag = (typeof OS_PHOTO_TAGS)[number];
export const OS_PHOTO_TAG_LABELS: Record<OsPhotoTag, string> = { antes: 'Antes', depois: 'Depois' };

export const OS_SHORT_TEXT_MAX = 200;
/** Longest long text answer. */
export const OS_LONG_TEXT_MAX = 4000;

/** What the rules need of a template item. */
export interface OsItemRule {
  id: number;
  titulo: string;
  tipo: OsItemType;
  obrigatorio: boolean;
  unidade: string | null;
  minimo: number | null;
  maximo: number | null;
  opcoes: string[];
  fotos_minimas: number | null;
}

/** One answer as stored (only the field of the item's type is set). */
export interface OsAnswerValue {
  valor_sim_nao: OsYesNo | null;
  valor_numero: number | null;
  valor_texto: string | null;
  valor_opcoes: string[] | null;
  valor_data: string | null;
}

const fmtNumber = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

/**
 * Why an answer does not fit its item (type, range, options), or null. An answer with every
 * value null clears the item.
 */
export function answerRefusal(item: OsItemRule, a: OsAnswerValue): string | null {
  const set = (
    [
      ['valor_sim_nao', a.valor_sim_nao],
      ['valor_numero', a.valor_numero],
      ['valor_texto', a.valor_texto],
      ['valor_opcoes', a.valor_opcoes],
      ['valor_data', a.valor_data],
    ] as const
  ).filter(([, v]) => v !== null);
  if (set.length === 0) return null;
  const expected: Record<OsItemType, keyof OsAnswerValue | null> = {
    sim_nao: 'valor_sim_nao',
    numero: 'valor_numero',
    texto_curto: 'valor_texto',
    texto_longo: 'valor_texto',
    escolha_unica: 'valor_opcoes',
    escolha_multipla: 'valor_opcoes',
    data: 'valor_data',
    foto: null,
  };
  const field = expected[item.tipo];
  if (field === null) return `"${item.titulo}" é respondido com fotos.`;
  if (set.length > 1 || set[0]![0] !== field) {
    return `Resposta inválida para "${item.titulo}" (${OS_ITEM_TYPE_LABELS[item.tipo].toLowerCase()}).`;
  }
  if (item.tipo === 'numero' && a.valor_numero !== null) {
    const unit = item.unidade ? ` ${item.unidade}` : '';
    if (item.minimo !== null && a.valor_numero < item.minimo) {
      return `"${item.titulo}": o valor deve ser no mínimo ${fmtNumber(item.minimo)}${unit}.`;
    }
    if (item.maximo !== null && a.valor_numero > item.maximo) {
      return `"${item.titulo}": o valor deve ser no máximo ${fmtNumber(item.maximo)}${unit}.`;
    }
  }
  if (item.tipo === 'texto_curto' && (a.valor_texto?.length ?? 0) > OS_SHORT_TEXT_MAX) {
    return `"${item.titulo}": no máximo ${OS_SHORT_TEXT_MAX} caracteres.`;
  }
  if (item.tipo === 'texto_curto' || item.tipo === 'texto_longo') {
    if (!a.valor_texto?.trim()) return `"${item.titulo}": escreva a resposta.`;
  }
  if (item.tipo === 'escolha_unica' || item.tipo === 'escolha_multipla') {
    const chosen = a.valor_opcoes ?? [];
    if (chosen.length === 0) return `"${item.titulo}": escolha uma opção.`;
    if (item.tipo === 'escolha_unica' && chosen.length > 1) {
      return `"${item.titulo}": escolha só uma opção.`;
    }
    const unknown = chosen.find((c) => !item.opcoes.includes(c));
    if (unknown !== undefined) return `"${item.titulo}": opção "${unknown}" não existe.`;
    if (new Set(chosen).size !== chosen.length) return `"${item.titulo}": opção repetida.`;
  }
  return null;
}

/** True when an item counts as answered (photos: at least the minimum count). */
export function isAnswered(
  item: OsItemRule,
  answer: OsAnswerValue | null | undefined,
  photos: number,
): boolean {
  if (item.tipo === 'foto') return photos >= Math.max(1, item.fotos_minimas ?? 1);
  if (!answer) return false;
  return (
    answer.valor_sim_nao !== null ||
    answer.valor_numero !== null ||
    (answer.valor_texto !== null && answer.valor_texto.trim() !== '') ||
    (answer.valor_opcoes !== null && answer.valor_opcoes.length > 0) ||
    answer.valor_data !== null
  );
}

/** Titles of required items not answered yet ("Foto do quadro (mínimo 2 fotos)"). */
export function missingRequired(
  items: readonly OsItemRule[],
  answers: ReadonlyMap<number, OsAnswerValue>,
  photosPerItem: ReadonlyMap<number, number>,
): string[] {
  return items
    .filter((i) => i.obrigatorio && !isAnswered(i, answers.get(i.id), photosPerItem.get(i.id) ?? 0))
    .map((i) => {
      if (i.tipo !== 'foto') return i.titulo;
      const min = Math.max(1, i.fotos_minimas ?? 1);
      return `${i.titulo} (mínimo ${min} ${min === 1 ? 'foto' : 'fotos'})`;
    });
}

/** The message that refuses concluding with required items missing. */
export function missingRequiredMessage(missing: readonly string[]): string {
  return `Faltam itens obrigatórios do checklist: ${missing.join('; ')}.`;
}

// ---------------------------------------------------------------- hours

// Minutes worked are computed in one place, in SQL: `teamMinutes` in the server's
// service-orders.repo.ts (list, export, OS page and PDF all read it).

/** "2 h 05 min", "45 min". */
export function formatMinutes(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  if (h === 0) return `${m} min`;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

// ---------------------------------------------------------------- sealing

/**
 * JSON with object keys sorted at every level: the same content always gives the same bytes,
 * so its SHA-256 can be recomputed from what is stored.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
