// @vitest-environment node
import type { OsAssets, OsTemplateItem } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { entriesByAsset, refusalByAsset } from '../../utils/asset-missing.ts';
import { assetAnswerKey } from '../os-assets-pending.ts';
import { applyPendingSteps } from '../os-pending.ts';
import { osStepRequests, type OsStep } from '../os-step-request.ts';

const ME = { id: 9, nome: 'Ana Souza' };
const item = (
  id: number,
  tipo: OsTemplateItem['tipo'],
  titulo: string,
  patch: Partial<OsTemplateItem> = {},
): OsTemplateItem => ({
  id,
  ordem: id,
  titulo,
  tipo,
  obrigatorio: true,
  ajuda: null,
  unidade: null,
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: tipo === 'foto' ? 1 : null,
  ...patch,
});
const server = osFixture({
  status: 'em_execucao',
  ativos: 2,
  checklist: [
    {
      item: item(1, 'numero', 'Temperatura', { unidade: '°C', minimo: 0, maximo: 90 }),
      resposta: null,
      fotos: 0,
      respondido: false,
    },
    { item: item(2, 'sim_nao', 'Filtro limpo'), resposta: null, fotos: 0, respondido: false },
    { item: item(3, 'foto', 'Foto do equipamento'), resposta: null, fotos: 0, respondido: false },
  ],
  pendencias: [
    'AC-1: Filtro limpo',
    'AC-1: Foto do equipamento (mínimo 1 foto)',
    'AC-10: Temperatura',
    'AC-10: Filtro limpo',
    'AC-10: Foto do equipamento (mínimo 1 foto)',
  ],
});
const answered = {
  item_id: 1,
  valor_sim_nao: null,
  valor_numero: 24,
  valor_texto: null,
  valor_opcoes: null,
  valor_data: null,
  observacao: null,
  respondido_em: '2026-11-26T12:00:00.000Z',
  device_time: '2026-11-26T12:00:00.000Z',
};
const assets: OsAssets = {
  ativos: [
    {
      id: 7,
      tag: 'AC-1',
      tipo: 'Ar-condicionado split',
      local: 'Bloco C · 3º andar',
      respostas: [answered],
      faltando: ['Filtro limpo', 'Foto do equipamento (mínimo 1 foto)'],
      horimetro: null,
    },
    {
      id: 8,
      tag: 'AC-10',
      tipo: 'Ar-condicionado split',
      local: 'Bloco C · 3º andar',
      respostas: [],
      faltando: ['Temperatura', 'Filtro limpo', 'Foto do equipamento (mínimo 1 foto)'],
      horimetro: null,
    },
  ],
  pode_editar: false,
};

let seq = 1;
function queued(step: OsStep, state: OutboxItem['state'] = 'pending'): OutboxItem[] {
  return osStepRequests(server.id, step, {
    codigo: server.codigo,
    itemTitle: (id) => server.checklist.find((c) => c.item.id === id)?.item.titulo,
  }).map((w) => ({
    ...w,
    key: `k${seq}`,
    seq: seq++,
    userId: ME.id,
    meta: w.meta ?? {},
    deviceTime: w.deviceTime!,
    state,
    attempts: 0,
    invalidate: [],
  }));
}
const view = (writes: OutboxItem[]) =>
  applyPendingSteps(server, writes, { me: ME, blobUrl: () => 'blob:x', assets });

describe("an asset's answer in the offline outbox", () => {
  it('is one PUT of that asset and item, replacing older ones, with the phone time and a label naming the asset', () => {
    const [w] = osStepRequests(
      server.id,
      {
        tipo: 'ativo-resposta',
        assetId: 8,
        tag: 'AC-10',
        itemId: 1,
        body: { valor_numero: 45.5 },
      },
      {
        codigo: server.codigo,
        itemTitle: () => 'Temperatura',
        now: () => '2026-11-26T13:00:00.000Z',
      },
    );
    expect(w).toMatchObject({
      method: 'PUT',
      path: `/tatico/os/${server.id}/ativos/8/checklist/1`,
      body: { valor_numero: 45.5, device_time: '2026-11-26T13:00:00.000Z' },
      deviceTime: '2026-11-26T13:00:00.000Z',
      replaces: true,
      label: `Checklist da ${server.codigo} · AC-10: Temperatura`,
      meta: { osId: server.id, tipo: 'ativo-resposta', assetId: 8, itemId: 1, tag: 'AC-10' },
      group: { id: `os:${server.id}:checklist` },
    });
  });

  it('shows on that asset only, marked as waiting, and what it and the OS miss is counted again', () => {
    const {
      os,
      assets: shown,
      pending,
    } = view([
      ...queued({
        tipo: 'ativo-resposta',
        assetId: 8,
        tag: 'AC-10',
        itemId: 1,
        body: { valor_numero: 45.5 },
      }),
      ...queued({
        tipo: 'ativo-resposta',
        assetId: 8,
        tag: 'AC-10',
        itemId: 2,
        body: { valor_sim_nao: 'sim' },
      }),
    ]);
    const ac10 = shown!.ativos.find((a) => a.id === 8)!;
    expect(ac10.respostas.map((r) => [r.item_id, r.valor_numero ?? r.valor_sim_nao])).toEqual([
      [1, 45.5],
      [2, 'sim'],
    ]);
    expect(ac10.faltando).toEqual(['Foto do equipamento (mínimo 1 foto)']);
    expect(shown!.ativos.find((a) => a.id === 7)!.respostas).toEqual([answered]);
    expect(os.pendencias).toEqual([
      'AC-1: Filtro limpo',
      'AC-1: Foto do equipamento (mínimo 1 foto)',
      'AC-10: Foto do equipamento (mínimo 1 foto)',
    ]);
    expect(pending.assetAnswers).toEqual(new Set([assetAnswerKey(8, 1), assetAnswerKey(8, 2)]));
    // Not the OS's own answers: its item 1 is not "aguardando conexão".
    expect(pending.answers.size).toBe(0);
    expect(os.checklist[0]!.resposta).toBeNull();
  });

  it('a queued photo of the OS completes the photo item of every asset', () => {
    const photo = new Blob([new Uint8Array([1])], { type: 'image/jpeg' });
    const { os } = view(
      queued({ tipo: 'fotos', fotos: [{ blob: photo, meta: { checklist_item_id: 3 } }] }),
    );
    expect(os.pendencias).toEqual([
      'AC-1: Filtro limpo',
      'AC-10: Temperatura',
      'AC-10: Filtro limpo',
    ]);
  });

  it('a refused answer is not applied', () => {
    const { assets: shown, pending } = view(
      queued(
        {
          tipo: 'ativo-resposta',
          assetId: 8,
          tag: 'AC-10',
          itemId: 1,
          body: { valor_numero: 45.5 },
        },
        'attention',
      ),
    );
    expect(shown).toBe(assets);
    expect(pending.attention).toHaveLength(1);
  });
});

describe('what is missing, by asset', () => {
  it('groups "TAG: item" by the longest tag it starts with', () => {
    expect(entriesByAsset(server.pendencias, ['AC-1', 'AC-10'])).toEqual(
      new Map([
        ['AC-1', ['Filtro limpo', 'Foto do equipamento (mínimo 1 foto)']],
        ['AC-10', ['Temperatura', 'Filtro limpo', 'Foto do equipamento (mínimo 1 foto)']],
      ]),
    );
  });

  it("reads the server's refused conclusion per asset, and nothing from other refusals", () => {
    expect(
      refusalByAsset(
        'Faltam itens obrigatórios do checklist: AC-10: Filtro limpo; AC-10: Temperatura.',
        ['AC-1', 'AC-10'],
      ),
    ).toEqual(new Map([['AC-10', ['Filtro limpo', 'Temperatura']]]));
    expect(refusalByAsset('A OS foi cancelada.', ['AC-1']).size).toBe(0);
  });
});
