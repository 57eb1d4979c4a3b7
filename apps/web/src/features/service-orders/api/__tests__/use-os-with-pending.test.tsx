import '../../../../test/setup-dom.ts';

import type { OsTemplateItem } from '@eproto/domain';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { loadOsPending, osPendingLoaded } from '../os-pending-load.ts';
import { osStepRequests } from '../os-step-request.ts';
import { useOsWithPending } from '../use-os-with-pending.ts';

// The OS page paints an OS with nothing queued without the code that applies queued steps
// (issue 33: ~3.6 KB gzip off the OS route); with a step queued, it waits for that code.
const writes: OutboxItem[] = [];
vi.mock('../../../../lib/offline/use-outbox.ts', () => ({
  usePendingWrites: () => writes,
}));
vi.mock('../../../../lib/session.ts', () => ({
  useSession: () => ({ user: { id: 9, nome: 'Ana Souza' } }),
}));

const item: OsTemplateItem = {
  id: 1,
  ordem: 1,
  titulo: 'Temperatura',
  tipo: 'numero',
  obrigatorio: true,
  ajuda: null,
  unidade: '°C',
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: null,
};
const os = osFixture({
  status: 'aberta',
  checklist: [{ item, resposta: null, fotos: 0, respondido: false }],
  pendencias: ['Temperatura'],
});

function Shown() {
  const view = useOsWithPending(os);
  const answered = view.os.checklist[0]!.respondido ? 'respondido' : 'sem resposta';
  return <p>{`${answered}, ${view.pending.waiting.length} aguardando`}</p>;
}

const show = () =>
  render(
    <Suspense fallback={<p>carregando</p>}>
      <Shown />
    </Suspense>,
  );

describe('useOsWithPending', () => {
  it('shows an OS with nothing queued at once, without loading the pending code', () => {
    show();
    expect(screen.getByText('sem resposta, 0 aguardando')).toBeTruthy();
    expect(osPendingLoaded()).toBeNull();
  });

  it('with a step queued, waits for that code and shows the step applied', async () => {
    const [w] = osStepRequests(
      os.id,
      { tipo: 'resposta', itemId: 1, body: { valor_numero: 21 } },
      { codigo: os.codigo },
    );
    writes.push({
      ...w!,
      key: 'k1',
      seq: 1,
      userId: 9,
      meta: w!.meta ?? {},
      deviceTime: w!.deviceTime!,
      state: 'pending',
      attempts: 0,
      invalidate: [],
    });
    // The page suspends on the code's download: rendered inside an awaited act, React shows the
    // fallback and retries once the code has arrived (a render outside act left the retry in
    // act's queue and the fallback on screen: CI of 1edf404).
    expect(osPendingLoaded()).toBeNull();
    await act(async () => {
      show();
      await loadOsPending();
    });
    expect(screen.getByText('respondido, 1 aguardando')).toBeTruthy();
    expect(osPendingLoaded()).not.toBeNull();
  });
});
