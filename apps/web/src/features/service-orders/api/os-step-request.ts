import type {
  OsAnswerBody,
  OsConcludeBody,
  OsKmBody,
  OsMaterialBody,
  OsMeterBody,
  OsPhotoMeta,
  OsStepBody,
} from '@eproto/domain';

import type { OutboxInput } from '../../../lib/offline/outbox.ts';
import { OS_KEY, OS_STEP_WRITE } from './keys.ts';
import { kindOf } from './os-step-kinds.ts';

/**
 * Every write a technician makes on an OS, as data the outbox can keep in IndexedDB (photos
 * are Blobs) and replay later with the time it happened.
 */
export type OsStep =
  | { tipo: 'etapa'; body: OsStepBody }
  | { tipo: 'resposta'; itemId: number; body: OsAnswerBody }
  /** One asset's answer of an OS that serves assets (docs/assets.md "OS ↔ assets"). */
  | { tipo: 'ativo-resposta'; assetId: number; tag: string; itemId: number; body: OsAnswerBody }
  /** The hour meter of one asset, read in the OS's checklist (docs/assets.md "Horímetro"). */
  | { tipo: 'ativo-horimetro'; assetId: number; tag: string; body: OsMeterBody }
  | { tipo: 'fotos'; fotos: Array<{ blob: Blob; meta: OsPhotoMeta }> }
  | { tipo: 'foto-remover'; fotoId: number }
  | { tipo: 'material'; body: OsMaterialBody }
  | { tipo: 'material-estornar'; materialId: number }
  | { tipo: 'km'; body: OsKmBody }
  | { tipo: 'equipe-adicionar'; userId: number }
  | { tipo: 'equipe-remover'; userId: number }
  | { tipo: 'concluir'; body: OsConcludeBody };

/** What the labels and the done-but-pending view need to know besides the step. */
export interface OsStepContext {
  codigo: string;
  /** Title of a checklist item, by id. */
  itemTitle?: (itemId: number) => string | undefined;
  /** The inventory item of a material, as the picker showed it. */
  material?: (
    itemId: number,
  ) => { codigo: string; nome: string; unidade: string; natureza: string } | undefined;
  /** The name of a person joining or leaving the team (the picker's or the team's). */
  person?: (userId: number) => string | undefined;
  /** The step's time when the step does not carry one (ISO). */
  now?: () => string;
}

/**
 * The outbox writes of one OS step, each with its Portuguese label, the meta the OS page uses
 * to show it as done-but-pending, and one device time for the header and the body. Photos go
 * one per write, each with its own Idempotency-Key: a batch cut by the signal resumes with the
 * photos not yet stored, and none is stored twice.
 */
export function osStepRequests(osId: number, step: OsStep, ctx: OsStepContext): OutboxInput[] {
  const base = `/tatico/os/${osId}`;
  const at = (ctx.now ?? (() => new Date().toISOString()))();
  const c = ctx.codigo;
  // Applied: 'service-order.changed' refreshes lists and agenda (lib/changes/change-effects.ts).
  // Refused: the OS and agenda are read again, beside the refusal.
  const common = {
    kind: OS_STEP_WRITE,
    invalidate: [OS_KEY, ['agenda']] as const,
    announced: true,
  };
  const json = (
    method: OutboxInput['method'],
    path: string,
    label: string,
    meta: OutboxInput['meta'],
    body?: Record<string, unknown>,
  ): OutboxInput => {
    const deviceTime = typeof body?.device_time === 'string' ? body.device_time : at;
    return {
      ...common,
      method,
      path: `${base}${path}`,
      label,
      meta: { osId, tipo: step.tipo, ...meta },
      deviceTime,
      ...(body && { body: { ...body, device_time: deviceTime } }),
    };
  };

  return kindOf(step).requests(step, { osId, base, c, at, ctx, common, json });
}
