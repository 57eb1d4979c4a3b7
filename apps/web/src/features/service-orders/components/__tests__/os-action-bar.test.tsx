import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../../test/render.tsx';
import type { GeoReading } from '../../hooks/use-geolocation.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { OsActionBar } from '../os-action-bar.tsx';

const at = new Date('2026-11-26T11:05:00.000Z');
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function sentBodies() {
  return fetchMock.mock.calls
    .filter(([url, init]) => urlOf(url).endsWith('/etapas') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
}

function render(reading: GeoReading, status: 'aberta' | 'em_execucao' = 'aberta') {
  const os = osFixture({ status });
  fetchMock.mockImplementation(() =>
    Promise.resolve(jsonResponse(osFixture({ status: 'em_execucao' }))),
  );
  const onConclude = vi.fn();
  renderUi(<OsActionBar os={os} onConclude={onConclude} locate={() => Promise.resolve(reading)} />);
  return { onConclude };
}

describe('OsActionBar', () => {
  it('offers "Estou a caminho" and "Cheguei" on an open OS', () => {
    render({ posicao: null, falha: null, em: at });
    expect(screen.getByRole('button', { name: 'Estou a caminho' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cheguei' })).toBeTruthy();
  });

  it('checks in near the site at once with the position, accuracy and phone time', async () => {
    render({
      posicao: { latitude: -23.5614, longitude: -46.6566, precisao_m: 8 },
      falha: null,
      em: at,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cheguei' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toEqual({
      acao: 'check_in',
      latitude: -23.5614,
      longitude: -46.6566,
      precisao_m: 8,
      device_time: at.toISOString(),
    });
  });

  it('asks why before a check-in more than 300 m away, and sends the reason', async () => {
    render({
      posicao: { latitude: -23.57, longitude: -46.6565, precisao_m: 15 },
      falha: null,
      em: at,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cheguei' }));
    expect(await screen.findByText(/Você está a 9\d\d m do local da OS/)).toBeTruthy();
    expect(sentBodies()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Fazer check-in' }));
    expect(screen.getByText('Escreva o motivo (pelo menos 3 letras).')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Motivo/), 'Portaria de serviço na outra rua');
    await userEvent.click(screen.getByRole('button', { name: 'Fazer check-in' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({
      acao: 'check_in',
      motivo_distancia: 'Portaria de serviço na outra rua',
    });
  });

  it('records the step without GPS when the phone refuses it', async () => {
    render({ posicao: null, falha: 'negado', em: at });
    await userEvent.click(screen.getByRole('button', { name: 'Estou a caminho' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({
      acao: 'a_caminho',
      latitude: null,
      longitude: null,
      precisao_m: null,
    });
  });

  it('offers Pausar and Concluir while running; Concluir opens the check-out', async () => {
    const { onConclude } = render({ posicao: null, falha: null, em: at }, 'em_execucao');
    await userEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onConclude).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy();
  });
});

describe('OsActionBar height (--app-bottom-bar-h)', () => {
  it('is the CSS the bar is drawn with, set as it attaches: never measured; dropped when it goes', () => {
    // A measure costs a whole page's style: offsetHeight after every render forced a layout
    // (118 ms of a cold OS on a 4x slower phone), a ResizeObserver's value set after the first
    // layout restyled the page once more (21-32 ms at 4x) (issue 33).
    const reads = vi.fn(() => 64);
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: reads,
    });
    const observers: unknown[] = [];
    const original = window.ResizeObserver;
    // The test DOM's stub is writable, not configurable (test/setup-dom.ts): replaced in place.
    window.ResizeObserver = class {
      constructor(callback: unknown) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    };
    try {
      const os = osFixture({ status: 'aberta' });
      const onConclude = vi.fn();
      const { rerender, unmount } = renderUi(<OsActionBar os={os} onConclude={onConclude} />);
      const height = document.documentElement.style.getPropertyValue('--app-bottom-bar-h');
      expect(height).toContain('56px');
      expect(height).toContain('env(safe-area-inset-bottom)');
      // The bar is drawn at that height, so the value is its height.
      expect(screen.getByTestId('os-action-bar').style.height).toBe(height);
      for (const n of [1, 2, 3]) {
        rerender(<OsActionBar os={{ ...os, descricao: `render ${n}` }} onConclude={onConclude} />);
      }
      expect(reads).not.toHaveBeenCalled();
      // Mantine's components may keep observers of their own; the bar's height needs none.
      expect(observers).toHaveLength(0);
      unmount();
      expect(document.documentElement.style.getPropertyValue('--app-bottom-bar-h')).toBe('');
    } finally {
      window.ResizeObserver = original;
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    }
  });
});
