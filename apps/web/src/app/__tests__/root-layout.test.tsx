import '../../test/setup-dom.ts';

import { useMantineColorScheme } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RootLayout } from '../root-layout.tsx';
import { THEME_STORAGE_KEY } from '../theme.ts';

let renders = 0;

/** A Mantine consumer that renders again only when Mantine's context changes. */
const MantineConsumer = memo(function MantineConsumer() {
  useMantineColorScheme();
  renders += 1;
  return null;
});

function Page({ next }: { next: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(next)}>ir para {next}</button>;
}

function renderApp(route: string) {
  renders = 0;
  return render(
    <MemoryRouter initialEntries={[route]}>
      <RootLayout>
        <MantineConsumer />
        <Routes>
          <Route path="/tatico/agenda" element={<Page next="/tatico/epi" />} />
          <Route path="/tatico/epi" element={<Page next="/login" />} />
          <Route path="/login" element={<Page next="/tatico/agenda" />} />
        </Routes>
      </RootLayout>
    </MemoryRouter>,
  );
}

describe('RootLayout', () => {
  it('does not render Mantine again on a navigation between signed-in pages', async () => {
    renderApp('/tatico/agenda');
    expect(renders).toBe(1);
    await act(async () => {
      fireEvent.click(screen.getByText('ir para /tatico/epi'));
    });
    expect(screen.getByText('ir para /login')).toBeTruthy();
    expect(renders).toBe(1);
  });

  it('still forces the dark theme when a public page opens after a signed-in one', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderApp('/tatico/epi');
    const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
    expect(scheme()).toBe('light');
    await act(async () => {
      fireEvent.click(screen.getByText('ir para /login'));
    });
    expect(scheme()).toBe('dark');
    window.localStorage.removeItem(THEME_STORAGE_KEY);
  });
});
