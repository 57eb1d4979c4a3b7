// @vitest-environment node
import type { OsAssets, OsDetail } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { applyPendingSteps } from '../os-pending.ts';
import { OS_STEP_KINDS } from '../os-step-kinds.ts';
import { osStepRequests, type OsStep } from '../os-step-request.ts';

const ME = { id: 9, nome: 'Ana Souza' };
const HELPER = { id: 12, nome: 'Bruno Lima' };
const server: OsDetail = osFixture({
  status: 'em_execucao',
  checklist: [
    {
      item: {
        id: 1,
        ordem: 1,
        titulo: 'Estado do quadro',
        tipo: 'texto_curto',
        obrigatorio: false,
        ajuda: null,
        unidade: null,
        minimo: null,
        maximo: null,
        opcoes: [],
        fotos_minimas: null,
      },
      resposta: null,
      fotos: 0,
      respondido: false,
    },
  ],
  fotos: [{ id: 70 } as OsDetail['fotos'][number]],
  materiais: [{ id: 80 } as OsDetail['materiais'][number]],
  equipe: [
    { pessoa: ME, entrou_em: '2026-11-29T11:00:00.000Z', saiu_em: null, minutos: 30 },
    { pessoa: HELPER, entrou_em: '2026-11-29T11:00:00.000Z', saiu_em: null, minutos: 30 },
  ],
});

/** The OS's assets, for the per-asset answer (an OS that serves none shows nothing of it). */
const ASSETS: OsAssets = {
  ativos: [
    {
      id: 5,
      tag: 'AC-01',
      tipo: 'Split',
      local: 'Bloco C',
      respostas: [],
      faltando: [],
      horimetro: { ultima: { horas: 1300, data: '2026-11-10' }, desta_os: null },
    },
  ],
  pode_editar: false,
};

/** One step of every kind: a new kind without a sample here does not compile. */
const SAMPLES: { [K in OsStep['tipo']]: Extract<OsStep, { tipo: K }> } = {
  etapa: { tipo: 'etapa', body: { acao: 'pausar' } },
  resposta: { tipo: 'resposta', itemId: 1, body: { valor_texto: 'ok' } },
  'ativo-resposta': {
    tipo: 'ativo-resposta',
    assetId: 5,
    tag: 'AC-01',
    itemId: 1,
    body: { valor_texto: 'ok' },
  },
  'ativo-horimetro': { tipo: 'ativo-horimetro', assetId: 5, tag: 'AC-01', body: { horas: 1334.5 } },
  fotos: {
    tipo: 'fotos',
    fotos: [{ blob: new Blob(['x'], { type: 'image/jpeg' }), meta: { legenda: 'Quadro' } }],
  },
  'foto-remover': { tipo: 'foto-remover', fotoId: 70 },
  material: { tipo: 'material', body: { item_id: 3, quantidade: 2 } },
  'material-estornar': { tipo: 'material-estornar', materialId: 80 },
  km: { tipo: 'km', body: { tipo: 'saida', km: 1200 } },
  'equipe-adicionar': { tipo: 'equipe-adicionar', userId: 31 },
  'equipe-remover': { tipo: 'equipe-remover', userId: HELPER.id },
  concluir: { tipo: 'concluir', body: { tipo: 'recusada', recusa_motivo: 'Cliente ausente' } },
} as never;

let seq = 1;
const queued = (step: OsStep): OutboxItem[] =>
  osStepRequests(server.id, step, { codigo: server.codigo }).map((w) => ({
    ...w,
    key: `k${seq}`,
    seq: seq++,
    userId: ME.id,
    meta: w.meta ?? {},
    deviceTime: w.deviceTime!,
    state: 'pending',
    attempts: 0,
    invalidate: [],
  }));

describe('OS_STEP_KINDS: one registry for every kind of OS step', () => {
  it.each(Object.keys(OS_STEP_KINDS) as Array<OsStep['tipo']>)(
    '%s: its writes carry its kind and, while they wait, show on the OS',
    (tipo) => {
      const writes = queued(SAMPLES[tipo]);
      expect(writes.length).toBeGreaterThan(0);
      for (const w of writes) {
        expect(w.meta.tipo).toBe(tipo);
        expect(w.path.startsWith(`/tatico/os/${server.id}/`)).toBe(true);
        expect(w.label).toContain(server.codigo);
      }
      const { os, assets, pending } = applyPendingSteps(server, writes, {
        me: ME,
        blobUrl: (w) => `blob:${w.key}`,
        assets: ASSETS,
      });
      expect(pending.waiting).toEqual(writes);
      // The waiting step changed what the page shows (the OS, or its assets).
      expect({ os, assets }).not.toEqual({ os: server, assets: ASSETS });
    },
  );

  it('only undoing a photo or a material can drop a write still on the phone', () => {
    const undoing = (Object.keys(OS_STEP_KINDS) as Array<OsStep['tipo']>).filter(
      (k) => OS_STEP_KINDS[k].undoes,
    );
    expect(undoing).toEqual(['foto-remover', 'material-estornar']);
    expect(OS_STEP_KINDS['foto-remover'].undoes!(SAMPLES['foto-remover'])).toBe(70);
  });

  it('only checklist answers (the OS\'s and its assets\') are queued without the "sent later" toast', () => {
    const quiet = (Object.keys(OS_STEP_KINDS) as Array<OsStep['tipo']>).filter(
      (k) => OS_STEP_KINDS[k].quiet,
    );
    expect(quiet).toEqual(['resposta', 'ativo-resposta', 'ativo-horimetro']);
  });

  it('an hour meter reading is one PUT per asset, shown as the OS’s reading on the phone’s day', () => {
    const [w] = queued({
      ...SAMPLES['ativo-horimetro'],
      body: { horas: 1334.5, device_time: '2026-11-16T22:30:00.000Z' },
    });
    expect(w).toMatchObject({
      method: 'PUT',
      path: `/tatico/os/${server.id}/ativos/5/horimetro`,
      replaces: true,
      label: `Horímetro da ${server.codigo} · AC-01: 1.334,5 h`,
      body: { horas: 1334.5, device_time: '2026-11-16T22:30:00.000Z' },
    });
    const { assets } = applyPendingSteps(server, [w!], {
      me: ME,
      blobUrl: () => '',
      assets: ASSETS,
    });
    // 19:30 of 16/11 in São Paulo (already the 17th in UTC).
    expect(assets!.ativos[0]!.horimetro).toEqual({
      ultima: { horas: 1300, data: '2026-11-10' },
      desta_os: { horas: 1334.5, data: '2026-11-16' },
    });
  });

  it('a write of a kind this version does not know is left as it is', () => {
    const [w] = queued(SAMPLES.km);
    const unknown = { ...w!, meta: { ...w!.meta, tipo: 'assinatura-nova' } };
    const { os } = applyPendingSteps(server, [unknown], { me: ME, blobUrl: () => '' });
    expect(os.km).toEqual(server.km);
  });
});
