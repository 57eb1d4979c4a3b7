import type {
  OsAnswerBody,
  OsConcludeBody,
  OsKmBody,
  OsMaterialBody,
  OsPhotoMeta,
  OsStepBody,
} from '@eproto/domain';

import type { OutboxInput } from '../../../lib/offline/outbox.ts';
import type { OutboxGroup } from '../../../lib/offline/outbox-types.ts';
import { OS_KEY } from './keys.ts';

/** Kind of every queued OS write (outbox): the OS page finds its pending steps by it. */
export const OS_STEP_WRITE = 'os.step';

/**
 * Every write a technician makes on an OS, as data the outbox can keep in IndexedDB (photos
 * are Blobs) and replay later with the time it happened.
 */
export type OsStep =
  | { tipo: 'etapa'; body: OsStepBody }
  | { tipo: 'resposta'; itemId: number; body: OsAnswerBody }
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

const ETAPA_LABEL: Record<OsStepBody['acao'], (c: string) => string> = {
  a_caminho: (c) => `A caminho da ${c}`,
  check_in: (c) => `Check-in na ${c}`,
  pausar: (c) => `Pausa na ${c}`,
  retomar: (c) => `Retomada da ${c}`,
  cancelar: (c) => `Cancelamento da ${c}`,
};

const km = (n: number) => `${n.toLocaleString('pt-BR')} km`;

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
  const common = {
    kind: OS_STEP_WRITE,
    invalidate: [OS_KEY, ['agenda']] as const,
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

  switch (step.tipo) {
    case 'etapa':
      return [
        json(
          'POST',
          '/etapas',
          ETAPA_LABEL[step.body.acao](c),
          { acao: step.body.acao },
          step.body,
        ),
      ];
    case 'resposta': {
      const title = ctx.itemTitle?.(step.itemId);
      const req = json(
        'PUT',
        `/checklist/${step.itemId}`,
        `Checklist da ${c}${title ? `: ${title}` : ''}`,
        { itemId: step.itemId },
        step.body,
      );
      const group: OutboxGroup = {
        id: `os:${osId}:checklist`,
        noun: ['resposta do checklist', 'respostas do checklist'],
        of: c,
      };
      return [{ ...req, replaces: true, group }];
    }
    case 'fotos':
      return step.fotos.map((f, i) => {
        const deviceTime = f.meta.device_time ?? f.meta.tirada_em ?? at;
        const n = step.fotos.length;
        return {
          ...common,
          method: 'POST',
          path: `${base}/fotos`,
          label: `Foto da ${c}${n > 1 ? ` (${i + 1} de ${n})` : ''}${f.meta.legenda ? `: ${f.meta.legenda}` : ''}`,
          meta: { osId, tipo: 'fotos', itemId: f.meta.checklist_item_id ?? null },
          group: { id: `os:${osId}:fotos`, noun: ['foto', 'fotos'], of: c },
          deviceTime,
          form: {
            fields: { meta: JSON.stringify([{ ...f.meta, device_time: deviceTime }]) },
            files: [{ field: 'file', blob: f.blob, name: `foto-${i + 1}.jpg` }],
          },
        };
      });
    case 'foto-remover':
      return [
        json('DELETE', `/fotos/${step.fotoId}`, `Exclusão de foto da ${c}`, {
          fotoId: step.fotoId,
        }),
      ];
    case 'material': {
      const m = ctx.material?.(step.body.item_id);
      const what = m ? `: ${step.body.quantidade} ${m.unidade} de ${m.nome}` : '';
      return [
        json(
          'POST',
          '/materiais',
          `Material na ${c}${what}`,
          {
            itemId: step.body.item_id,
            ...(m && {
              itemCodigo: m.codigo,
              itemNome: m.nome,
              itemUnidade: m.unidade,
              natureza: m.natureza,
            }),
          },
          step.body,
        ),
      ];
    }
    case 'material-estornar':
      return [
        json('DELETE', `/materiais/${step.materialId}`, `Estorno de material da ${c}`, {
          materialId: step.materialId,
        }),
      ];
    case 'km':
      return [
        json(
          'POST',
          '/km',
          `Km de ${step.body.tipo === 'saida' ? 'saída' : 'retorno'} da ${c}: ${km(step.body.km)}`,
          { km: step.body.tipo },
          step.body,
        ),
      ];
    case 'equipe-adicionar': {
      const nome = ctx.person?.(step.userId);
      return [
        json(
          'POST',
          '/equipe',
          nome ? `Entrada na equipe da ${c}: ${nome}` : `Pessoa adicionada à equipe da ${c}`,
          { userId: step.userId, ...(nome && { userNome: nome }) },
          { user_id: step.userId },
        ),
      ];
    }
    case 'equipe-remover': {
      const nome = ctx.person?.(step.userId);
      return [
        json(
          'DELETE',
          `/equipe/${step.userId}`,
          nome ? `Saída da equipe da ${c}: ${nome}` : `Pessoa removida da equipe da ${c}`,
          { userId: step.userId, ...(nome && { userNome: nome }) },
        ),
      ];
    }
    case 'concluir':
      return [
        json(
          'POST',
          '/concluir',
          step.body.tipo === 'recusada'
            ? `Conclusão da ${c} (recusa do cliente)`
            : `Conclusão e assinatura da ${c}`,
          { conclusao: step.body.tipo },
          step.body,
        ),
      ];
  }
}
