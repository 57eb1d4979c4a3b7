import '../../test/setup-dom.ts';

import type { FieldAlert } from '@eproto/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { AlertsPanel } from '../alerts-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const ALERTS = Array.from(
  { length: 6 },
  (_, i) =>
    ({
      key: `a${i}`,
      kind: 'ca_epi',
      severity: 'vence',
      texto: `Alerta número ${i + 1}`,
    }) as unknown as FieldAlert,
);

/** Makes the phone media query (max-width) match or not. */
function asPhone(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const shown = () => screen.queryAllByText(/^Alerta número/).length;

describe('AlertsPanel', () => {
  it('shows up to its limit on a wide screen, then all on "Ver todos"', () => {
    asPhone(false);
    renderUi(<AlertsPanel alerts={ALERTS} title="Alertas de EPI" limit={5} />);
    expect(shown()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os 6 alertas' }));
    expect(shown()).toBe(6);
  });

  it('shows two on a phone, so the tabs below stay on the first screen', () => {
    asPhone(true);
    renderUi(<AlertsPanel alerts={ALERTS} title="Alertas de EPI" limit={5} />);
    expect(shown()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os 6 alertas' }));
    expect(shown()).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar menos' }));
    expect(shown()).toBe(2);
  });
});
