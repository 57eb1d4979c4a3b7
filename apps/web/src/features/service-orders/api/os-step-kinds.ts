import type { OsStepBody } from '@eproto/domain';

import type { OutboxInput } from '../../../lib/offline/outbox.ts';
import type { OutboxGroup, OutboxItem } from '../../../lib/offline/outbox-types.ts';
import {
  applyAnswer,
  applyConclude,
  applyEtapa,
  applyKm,
  applyMaterial,
  applyPhoto,
  applyTeam,
  type ApplyEnv,
  type Draft,
} from './os-pending-apply.ts';
import {
  applyAssetAnswer,
  applyAssetMeter,
  assetAnswerKey,
  assetMeterKey,
} from './os-assets-pending.ts';
import type { OsStep, OsStepContext } from './os-step-request.ts';

type StepOf<K extends OsStep['tipo']> = Extract<OsStep, { tipo: K }>;

/** What building a step's writes shares (os-step-request.ts `osStepRequests` makes it). */
interface StepWrites {
  osId: number;
  /** `/tatico/os/{id}`. */
  base: string;
  /** The OS's code, for the labels ("Check-in na OS-2026-000012"). */
  c: string;
  /** The step's time when the step does not carry one (ISO). */
  at: string;
  ctx: OsStepContext;
  /** What every write of an OS step carries (its kind, what it refreshes). */
  common: { kind: string; invalidate: OutboxInput['invalidate']; announced: boolean };
  /** One JSON write of the step (meta gets `osId` and `tipo`; the body its device time). */
  json: (
    method: OutboxInput['method'],
    path: string,
    label: string,
    meta: OutboxInput['meta'],
    body?: Record<string, unknown>,
  ) => OutboxInput;
}

/** Everything the web does by kind of OS step, in one place. */
interface OsStepKind<K extends OsStep['tipo']> {
  /** The outbox writes of the step, each with its Portuguese label. */
  requests: (step: StepOf<K>, w: StepWrites) => OutboxInput[];
  /** Shows one of its waiting writes on the OS (done but "aguardando conexão"). */
  apply: (d: Draft, w: OutboxItem, env: ApplyEnv) => void;
  /** The id the step undoes: negative when it is a photo or material still on the phone. */
  undoes?: (step: StepOf<K>) => number;
  /** Queued without the "sent later" toast (an answer saves on each keystroke). */
  quiet?: boolean;
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
 * Every kind of OS step (`OsStep['tipo']`): its writes, how a waiting one shows on the OS, what
 * it undoes and whether it toasts when queued. A new kind is one entry here (TypeScript refuses
 * the registry without it); nothing else switches on the kind.
 */
export const OS_STEP_KINDS: { [K in OsStep['tipo']]: OsStepKind<K> } = {
  etapa: {
    requests: (step, { json, c }) => [
      json('POST', '/etapas', ETAPA_LABEL[step.body.acao](c), { acao: step.body.acao }, step.body),
    ],
    apply: applyEtapa,
  },
  resposta: {
    requests: (step, { json, c, ctx, osId }) => {
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
    },
    apply: applyAnswer,
    quiet: true,
  },
  'ativo-resposta': {
    requests: (step, { json, c, ctx, osId }) => {
      const title = ctx.itemTitle?.(step.itemId);
      const req = json(
        'PUT',
        `/ativos/${step.assetId}/checklist/${step.itemId}`,
        `Checklist da ${c} · ${step.tag}${title ? `: ${title}` : ''}`,
        { assetId: step.assetId, itemId: step.itemId, tag: step.tag },
        step.body,
      );
      // Typed offline, one write per asset and item however many keystrokes; shown in the
      // panel with the OS's other answers.
      const group: OutboxGroup = {
        id: `os:${osId}:checklist`,
        noun: ['resposta do checklist', 'respostas do checklist'],
        of: c,
      };
      return [{ ...req, replaces: true, group }];
    },
    apply: (d, w) => {
      d.view.assetAnswers.add(assetAnswerKey(Number(w.meta.assetId), Number(w.meta.itemId)));
      if (d.assets) d.assets = applyAssetAnswer(d.assets, w);
    },
    quiet: true,
  },
  'ativo-horimetro': {
    requests: (step, { json, c, osId }) => {
      const req = json(
        'PUT',
        `/ativos/${step.assetId}/horimetro`,
        `Horímetro da ${c} · ${step.tag}: ${step.body.horas.toLocaleString('pt-BR')} h`,
        { assetId: step.assetId, tag: step.tag },
        step.body,
      );
      // Typed again offline, one write per asset; listed with the OS's answers.
      const group: OutboxGroup = {
        id: `os:${osId}:checklist`,
        noun: ['resposta do checklist', 'respostas do checklist'],
        of: c,
      };
      return [{ ...req, replaces: true, group }];
    },
    apply: (d, w) => {
      d.view.assetAnswers.add(assetMeterKey(Number(w.meta.assetId)));
      if (d.assets) d.assets = applyAssetMeter(d.assets, w);
    },
    quiet: true,
  },
  fotos: {
    // One photo per write, each with its own Idempotency-Key: a batch cut by the signal
    // resumes with the photos not yet stored, and none is stored twice.
    requests: (step, { common, base, c, at, osId }) =>
      step.fotos.map((f, i) => {
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
      }),
    apply: applyPhoto,
  },
  'foto-remover': {
    requests: (step, { json, c }) => [
      json('DELETE', `/fotos/${step.fotoId}`, `Exclusão de foto da ${c}`, { fotoId: step.fotoId }),
    ],
    apply: (d, w) => {
      d.os.fotos = d.os.fotos.filter((f) => f.id !== w.meta.fotoId);
    },
    undoes: (step) => step.fotoId,
  },
  material: {
    requests: (step, { json, c, ctx }) => {
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
    },
    apply: applyMaterial,
  },
  'material-estornar': {
    requests: (step, { json, c }) => [
      json('DELETE', `/materiais/${step.materialId}`, `Estorno de material da ${c}`, {
        materialId: step.materialId,
      }),
    ],
    apply: (d, w) => {
      d.os.materiais = d.os.materiais.filter((m) => m.id !== w.meta.materialId);
    },
    undoes: (step) => step.materialId,
  },
  km: {
    requests: (step, { json, c }) => [
      json(
        'POST',
        '/km',
        `Km de ${step.body.tipo === 'saida' ? 'saída' : 'retorno'} da ${c}: ${km(step.body.km)}`,
        { km: step.body.tipo },
        step.body,
      ),
    ],
    apply: applyKm,
  },
  'equipe-adicionar': {
    requests: (step, { json, c, ctx }) => {
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
    },
    apply: (d, w) => applyTeam(d, w, true),
  },
  'equipe-remover': {
    requests: (step, { json, c, ctx }) => {
      const nome = ctx.person?.(step.userId);
      return [
        json(
          'DELETE',
          `/equipe/${step.userId}`,
          nome ? `Saída da equipe da ${c}: ${nome}` : `Pessoa removida da equipe da ${c}`,
          { userId: step.userId, ...(nome && { userNome: nome }) },
        ),
      ];
    },
    apply: (d, w) => applyTeam(d, w, false),
  },
  concluir: {
    requests: (step, { json, c }) => [
      json(
        'POST',
        '/concluir',
        step.body.tipo === 'recusada'
          ? `Conclusão da ${c} (recusa do cliente)`
          : `Conclusão e assinatura da ${c}`,
        { conclusao: step.body.tipo },
        step.body,
      ),
    ],
    apply: applyConclude,
  },
};

/** The registry entry of a step, typed for it (one cast instead of one per caller). */
export function kindOf<S extends OsStep>(
  step: S,
): OsStepKind<S['tipo']> & {
  requests: (step: S, w: StepWrites) => OutboxInput[];
  undoes?: (step: S) => number;
} {
  return OS_STEP_KINDS[step.tipo] as never;
}
