// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { OS_STEP_WRITE } from '../keys.ts';
import { osStepRequests } from '../os-step-request.ts';

const NOW = '2026-11-26T13:00:00.000Z';
const ctx = {
  codigo: 'OS-2026-000123',
  now: () => NOW,
  itemTitle: (id: number) => (id === 9 ? 'Temperatura de insuflamento' : undefined),
  material: (id: number) =>
    id === 3
      ? { codigo: 'FG4', nome: 'Filtro G4', unidade: 'un', natureza: 'consumivel' }
      : undefined,
};

describe('osStepRequests', () => {
  it('a check-in: its label, the GPS time as device time in the header and the body', () => {
    const [w, ...rest] = osStepRequests(
      5,
      {
        tipo: 'etapa',
        body: {
          acao: 'check_in',
          latitude: -23.5,
          longitude: -46.6,
          device_time: '2026-11-26T12:41:00.000Z',
        },
      },
      ctx,
    );
    expect(rest).toEqual([]);
    expect(w).toMatchObject({
      kind: OS_STEP_WRITE,
      method: 'POST',
      path: '/tatico/os/5/etapas',
      label: 'Check-in na OS-2026-000123',
      meta: { osId: 5, tipo: 'etapa', acao: 'check_in' },
      deviceTime: '2026-11-26T12:41:00.000Z',
      body: { acao: 'check_in', latitude: -23.5, device_time: '2026-11-26T12:41:00.000Z' },
    });
  });

  it('a step without a time takes the moment it was made, for the header and the body alike', () => {
    const [w] = osStepRequests(5, { tipo: 'km', body: { tipo: 'saida', km: 12345 } }, ctx);
    expect(w!.deviceTime).toBe(NOW);
    expect(w!.body).toMatchObject({ tipo: 'saida', km: 12345, device_time: NOW });
    expect(w!.label).toBe('Km de saída da OS-2026-000123: 12.345 km');
  });

  it('checklist answers of one OS share a row of the Pendentes panel', () => {
    const [a] = osStepRequests(5, { tipo: 'resposta', itemId: 9, body: { valor_numero: 4 } }, ctx);
    const [b] = osStepRequests(
      5,
      { tipo: 'resposta', itemId: 2, body: { valor_texto: 'ok' } },
      ctx,
    );
    expect(a!.group).toEqual(b!.group);
    expect(a!.group).toMatchObject({ id: 'os:5:checklist', of: 'OS-2026-000123' });
  });

  it('a checklist answer names its item and replaces an older value still waiting', () => {
    const [w] = osStepRequests(
      5,
      { tipo: 'resposta', itemId: 9, body: { valor_numero: 45.5 } },
      ctx,
    );
    expect(w).toMatchObject({
      method: 'PUT',
      path: '/tatico/os/5/checklist/9',
      label: 'Checklist da OS-2026-000123: Temperatura de insuflamento',
      replaces: true,
      meta: { itemId: 9 },
    });
  });

  it('photos go one write each (own key when queued), with their Blob and their own time', () => {
    const blobs = [1, 2, 3].map((n) => new Blob([new Uint8Array([n])], { type: 'image/jpeg' }));
    const writes = osStepRequests(
      5,
      {
        tipo: 'fotos',
        fotos: blobs.map((blob, i) => ({
          blob,
          meta: { tag: 'depois', tirada_em: `2026-11-26T12:5${i}:00.000Z`, checklist_item_id: 4 },
        })),
      },
      ctx,
    );
    expect(writes).toHaveLength(3);
    expect(writes.map((w) => w.label)).toEqual([
      'Foto da OS-2026-000123 (1 de 3)',
      'Foto da OS-2026-000123 (2 de 3)',
      'Foto da OS-2026-000123 (3 de 3)',
    ]);
    expect(writes.map((w) => w.form!.files[0]!.blob)).toEqual(blobs);
    expect(writes[1]!.deviceTime).toBe('2026-11-26T12:51:00.000Z');
    expect(JSON.parse(writes[1]!.form!.fields.meta!)).toEqual([
      {
        tag: 'depois',
        tirada_em: '2026-11-26T12:51:00.000Z',
        checklist_item_id: 4,
        device_time: '2026-11-26T12:51:00.000Z',
      },
    ]);
    expect(writes[0]!.meta).toEqual({ osId: 5, tipo: 'fotos', itemId: 4 });
    // One row of the Pendentes panel: "3 fotos · OS-2026-000123".
    expect(writes.map((w) => w.group)).toEqual(
      blobs.map(() => ({ id: 'os:5:fotos', noun: ['foto', 'fotos'], of: 'OS-2026-000123' })),
    );
  });

  it('a material keeps what the picker showed, for the page while it waits', () => {
    const [w] = osStepRequests(5, { tipo: 'material', body: { item_id: 3, quantidade: 2 } }, ctx);
    expect(w!.label).toBe('Material na OS-2026-000123: 2 un de Filtro G4');
    expect(w!.meta).toMatchObject({ itemId: 3, itemNome: 'Filtro G4', itemUnidade: 'un' });
  });

  it('the conclusion says whether the customer signed or refused', () => {
    const signed = osStepRequests(
      5,
      {
        tipo: 'concluir',
        body: { tipo: 'assinada', cliente_nome: 'Marta', cliente_cpf: '52998224725' },
      },
      ctx,
    );
    const refused = osStepRequests(
      5,
      { tipo: 'concluir', body: { tipo: 'recusada', recusa_motivo: 'Não estava no local' } },
      ctx,
    );
    expect(signed[0]!.label).toBe('Conclusão e assinatura da OS-2026-000123');
    expect(refused[0]!.label).toBe('Conclusão da OS-2026-000123 (recusa do cliente)');
  });

  it('a team change names the person, for the panel and the team tab while it waits', () => {
    const person = (id: number) => (id === 4 ? 'Carla Dias' : undefined);
    const [add] = osStepRequests(5, { tipo: 'equipe-adicionar', userId: 4 }, { ...ctx, person });
    const [remove] = osStepRequests(5, { tipo: 'equipe-remover', userId: 4 }, { ...ctx, person });
    expect(add!.label).toBe('Entrada na equipe da OS-2026-000123: Carla Dias');
    expect(add!.meta).toMatchObject({ userId: 4, userNome: 'Carla Dias' });
    expect(add!.body).toMatchObject({ user_id: 4 });
    expect(remove!.label).toBe('Saída da equipe da OS-2026-000123: Carla Dias');
    expect(remove!.path).toBe('/tatico/os/5/equipe/4');
  });
});
