import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { keepImagesAsBlobs } from '../../../../lib/offline/outbox-migrate.ts';
import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { jsonResponse, renderUi } from '../../../../test/render.tsx';
import { applyPendingSteps } from '../../api/os-pending.ts';
import { osStepRequests, type OsStep } from '../../api/os-step-request.ts';
import { OsPendingContext } from '../../api/use-os-with-pending.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { OsTeamTab } from '../os-team-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonResponse({ id: 9, nome: 'Ana Souza', type: 'equipe' }));
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const ana = { id: 9, nome: 'Ana Souza' };
const bruno = { id: 12, nome: 'Bruno Lima' };
const carla = { id: 15, nome: 'Carla Dias' };
const server = osFixture({
  status: 'em_execucao',
  pessoas: [ana, bruno],
  equipe: [
    { pessoa: ana, entrou_em: '2026-11-26T11:00:00.000Z', saiu_em: null, minutos: 60 },
    { pessoa: bruno, entrou_em: '2026-11-26T11:00:00.000Z', saiu_em: null, minutos: 60 },
  ],
});
const names = new Map([ana, bruno, carla].map((p) => [p.id, p.nome]));

let seq = 1;
let shown = server;
/** Team steps as the outbox keeps them while there is no signal. */
function queued(steps: OsStep[]): OutboxItem[] {
  return steps.flatMap((step) =>
    osStepRequests(server.id, step, {
      codigo: server.codigo,
      person: (id) => names.get(id),
      now: () => '2026-11-26T12:10:00.000Z',
    }).map((w) => {
      const item: OutboxItem = {
        ...w,
        key: `k${seq}`,
        seq: seq++,
        userId: ana.id,
        meta: w.meta ?? {},
        deviceTime: w.deviceTime!,
        state: 'pending',
        attempts: 0,
        invalidate: [],
      };
      keepImagesAsBlobs(item);
      return item;
    }),
  );
}

function render(writes: OutboxItem[]) {
  const view = applyPendingSteps(server, writes, { me: ana, blobUrl: () => '' });
  shown = view.os;
  renderUi(
    <OsPendingContext.Provider value={view.pending}>
      <OsTeamTab os={view.os} editable={false} />
    </OsPendingContext.Provider>,
  );
}

const member = (nome: string) =>
  screen.getAllByTestId('os-team-member').find((m) => m.textContent?.includes(nome))!;

describe('OsTeamTab with team changes made offline', () => {
  it('a helper added offline is on the team, marked "aguardando conexão"', () => {
    render(queued([{ tipo: 'equipe-adicionar', userId: carla.id }]));
    expect(screen.getAllByTestId('os-team-member')).toHaveLength(3);
    expect(within(member('Carla Dias')).getByText('aguardando conexão')).toBeTruthy();
    expect(within(member('Bruno Lima')).queryByText('aguardando conexão')).toBeNull();
    // The current team named in the header too.
    expect(shown.pessoas.map((p) => p.nome)).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
  });

  it('a helper removed offline shows as gone, marked "aguardando conexão"', () => {
    render(queued([{ tipo: 'equipe-remover', userId: bruno.id }]));
    const b = member('Bruno Lima');
    expect(b.textContent).toMatch(/saiu 26\/11/);
    expect(within(b).getByText('aguardando conexão')).toBeTruthy();
    expect(within(member('Ana Souza')).queryByText('aguardando conexão')).toBeNull();
    expect(shown.pessoas.map((p) => p.nome)).toEqual(['Ana Souza']);
  });

  it('nothing waiting: no member is marked', () => {
    render([]);
    expect(screen.queryByText('aguardando conexão')).toBeNull();
  });
});
