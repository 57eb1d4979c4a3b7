// @vitest-environment node
import type { OsTemplateItem } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { keepImagesAsBlobs } from '../../../../lib/offline/outbox-migrate.ts';
import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { localIdOf } from '../os-pending-apply.ts';
import { applyPendingSteps, pendingWriteOf } from '../os-pending.ts';
import { osStepRequests, type OsStep } from '../os-step-request.ts';

const ME = { id: 9, nome: 'Ana Souza' };
const item = (id: number, tipo: OsTemplateItem['tipo'], titulo: string): OsTemplateItem => ({
  id,
  ordem: id,
  titulo,
  tipo,
  obrigatorio: true,
  ajuda: null,
  unidade: tipo === 'numero' ? '°C' : null,
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: tipo === 'foto' ? 1 : null,
});
const server = osFixture({
  status: 'aberta',
  checklist: [
    { item: item(1, 'numero', 'Temperatura'), resposta: null, fotos: 0, respondido: false },
    { item: item(2, 'foto', 'Foto do equipamento'), resposta: null, fotos: 0, respondido: false },
  ],
  pendencias: ['Temperatura', 'Foto do equipamento (mínimo 1 foto)'],
});

let seq = 1;
/** Queued writes as the outbox keeps them. */
function queued(step: OsStep, state: OutboxItem['state'] = 'pending'): OutboxItem[] {
  return osStepRequests(server.id, step, { codigo: server.codigo }).map((w) => {
    const item: OutboxItem = {
      ...w,
      key: `k${seq}`,
      seq: seq++,
      userId: ME.id,
      meta: w.meta ?? {},
      deviceTime: w.deviceTime!,
      state,
      attempts: 0,
      invalidate: [],
    };
    // What the outbox does to every write it keeps.
    keepImagesAsBlobs(item);
    return item;
  });
}
const view = (writes: OutboxItem[]) =>
  applyPendingSteps(server, writes, {
    me: ME,
    blobUrl: (w, _b, field) => `blob:${w.key}:${field}`,
  });

describe('applyPendingSteps', () => {
  it('nothing waiting: the server OS as it is', () => {
    const r = view([]);
    expect(r.os).toBe(server);
    expect(r.pending.waiting).toEqual([]);
  });

  it('a whole visit done offline shows as done, in order, marked as waiting', () => {
    const photo = new Blob([new Uint8Array([1])], { type: 'image/jpeg' });
    const writes = [
      ...queued({
        tipo: 'etapa',
        body: { acao: 'a_caminho', device_time: '2026-11-26T12:00:00.000Z' },
      }),
      ...queued({
        tipo: 'etapa',
        body: { acao: 'check_in', device_time: '2026-11-26T12:30:00.000Z' },
      }),
      ...queued({ tipo: 'resposta', itemId: 1, body: { valor_numero: 45.5 } }),
      ...queued({
        tipo: 'fotos',
        fotos: [{ blob: photo, meta: { checklist_item_id: 2, tag: 'depois' } }],
      }),
      ...queued({ tipo: 'km', body: { tipo: 'saida', km: 1200 } }),
    ];
    const { os, pending } = view(writes);
    expect(os.status).toBe('em_execucao');
    expect(os.check_in_em).toBe('2026-11-26T12:30:00.000Z');
    expect(os.historico.map((h) => h.tipo)).toEqual(['a_caminho', 'check_in']);
    expect(os.checklist[0]!.resposta?.valor_numero).toBe(45.5);
    expect(os.checklist.map((c) => c.respondido)).toEqual([true, true]);
    expect(os.checklist[1]!.fotos).toBe(1);
    expect(os.pendencias).toEqual([]);
    expect(os.fotos).toEqual([
      expect.objectContaining({
        url: `blob:${writes[3]!.key}:file`,
        tag: 'depois',
        checklist_item_id: 2,
      }),
    ]);
    expect(os.km).toEqual({ saida: 1200, retorno: null, rodados: null });
    expect(pending.status).toBe(true);
    expect(pending.answers.has(1)).toBe(true);
    expect(pending.photos.has(os.fotos[0]!.id)).toBe(true);
    expect(pending.km.has('saida')).toBe(true);
    expect(pending.waiting).toHaveLength(5);
    expect(server.status).toBe('aberta');
  });

  it('a material waits with the name the picker showed; undoing it finds its write', () => {
    const writes = queued({ tipo: 'material', body: { item_id: 3, quantidade: 2 } }).map((w) => ({
      ...w,
      meta: { ...w.meta, itemNome: 'Filtro G4', itemUnidade: 'un', itemCodigo: 'FG4' },
    }));
    const { os, pending } = view(writes);
    expect(os.materiais).toEqual([
      expect.objectContaining({
        quantidade: 2,
        item: expect.objectContaining({ nome: 'Filtro G4' }),
      }),
    ]);
    const id = os.materiais[0]!.id;
    expect(id).toBe(localIdOf(writes[0]!));
    expect(pending.materials.has(id)).toBe(true);
    expect(pendingWriteOf(writes, id)?.key).toBe(writes[0]!.key);
  });

  it('the conclusion shows "Concluída" with the customer and the signature from its Blob, while it waits', () => {
    const writes = queued({
      tipo: 'concluir',
      body: {
        tipo: 'assinada',
        cliente_nome: 'Marta Ribeiro',
        cliente_cpf: '529.982.247-25',
        assinatura: 'data:image/png;base64,AAAA',
        device_time: '2026-11-26T14:00:00.000Z',
      },
    });
    const { os, pending } = view(writes);
    expect(os.status).toBe('concluida');
    expect(os.concluida_em).toBe('2026-11-26T14:00:00.000Z');
    expect(os.assinatura).toMatchObject({
      tipo: 'assinada',
      cliente_nome: 'Marta Ribeiro',
      imagem_url: `blob:${writes[0]!.key}:assinatura`,
    });
    expect(pending.concluded).toBe(true);
  });

  it('a step the server refused is listed for attention and not shown as done', () => {
    const { os, pending } = view(
      queued({ tipo: 'etapa', body: { acao: 'check_in' } }, 'attention'),
    );
    expect(os.status).toBe('aberta');
    expect(pending.attention).toHaveLength(1);
    expect(pending.waiting).toHaveLength(0);
  });

  it("another OS's steps are not applied", () => {
    const other = queued({ tipo: 'etapa', body: { acao: 'check_in' } }).map((w) => ({
      ...w,
      meta: { ...w.meta, osId: 999 },
    }));
    expect(view(other).os).toBe(server);
  });
});
