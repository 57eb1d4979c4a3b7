import '../../test/setup-dom.ts';

import { PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS, type PresenceData } from '@eproto/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  clearPresence,
  receivePresence,
  receivePushedPresence,
} from '../../lib/presence/presence-store.ts';
import { renderUi } from '../../test/render.tsx';
import { PresenceNote, presenceText } from '../presence-note.tsx';

const ana: PresenceData = {
  mural_id: 7,
  board_id: 3,
  user_id: 21,
  nome: 'Ana Souza',
  avatar: null,
  acao: 'editando',
  ativo: true,
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => clearPresence());
  vi.useRealTimers();
});

describe('PresenceNote', () => {
  it('shows who is editing the demand, and only that demand', () => {
    renderUi(
      <>
        <PresenceNote muralId={7} />
        <PresenceNote muralId={8} />
      </>,
    );
    expect(screen.queryByTestId('presence-note')).toBeNull();
    act(() => receivePresence(ana));
    expect(screen.getAllByTestId('presence-note')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Ana Souza está editando');
  });

  it('takes a pushed event as it came, and drops one that is not a presence', () => {
    renderUi(<PresenceNote muralId={7} />);
    act(() => receivePushedPresence({ ...ana, user_id: '21' }));
    act(() => receivePushedPresence({ ...ana, acao: 'apagando' }));
    act(() => receivePushedPresence(null));
    expect(screen.queryByTestId('presence-note')).toBeNull();
    act(() => receivePushedPresence({ ...ana }));
    expect(screen.getByRole('status').textContent).toContain('Ana Souza está editando');
  });

  it('goes when told so, and on its own when the heartbeat stops (the tab closed)', () => {
    renderUi(<PresenceNote muralId={7} />);
    act(() => receivePresence(ana));
    act(() => receivePresence({ ...ana, ativo: false }));
    expect(screen.queryByTestId('presence-note')).toBeNull();

    act(() => receivePresence(ana));
    // Repeated in time: still there after more than one TTL in all.
    act(() => {
      vi.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
    });
    act(() => receivePresence(ana));
    act(() => {
      vi.advanceTimersByTime(PRESENCE_TTL_MS - 1);
    });
    expect(screen.queryByTestId('presence-note')).not.toBeNull();
    // Not repeated: gone once the TTL passes.
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('presence-note')).toBeNull();
  });

  it('names two people, then the first and how many more, in Portuguese', () => {
    const bruno = { ...ana, user_id: 22, nome: 'Bruno Lima' };
    const carla = { ...ana, user_id: 23, nome: 'Carla Dias' };
    expect(presenceText([{ ...ana, acao: 'movendo' }])).toBe('Ana Souza está movendo');
    expect(presenceText([ana, bruno])).toBe('Ana Souza e Bruno Lima estão editando');
    expect(presenceText([ana, bruno, carla])).toBe('Ana Souza e mais 2 estão editando');
  });
});
