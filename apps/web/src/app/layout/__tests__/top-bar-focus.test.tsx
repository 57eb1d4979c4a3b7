// Vitest: runs isolated (the full buttons, once loaded, stay loaded for the module's lifetime).
import '../../../test/setup-dom.ts';

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderBar, stubNotificationsFetch } from './top-bar-kit.tsx';

stubNotificationsFetch();

// Its own file: the full buttons, once loaded, stay loaded for the module's lifetime.
describe('TopBar swapping its bare buttons for the full ones', () => {
  it('keeps keyboard focus on the button it replaces when the bar is focused', async () => {
    renderBar();
    const theme = screen.getByRole('button', { name: 'Usar tema claro' });
    act(() => theme.focus());
    // The full buttons replace the bare ones; the focused one keeps the focus.
    await waitFor(() => {
      const now = screen.getByRole('button', { name: 'Usar tema claro' });
      expect(now).not.toBe(theme);
      expect(document.activeElement).toBe(now);
    });
    // The full button (inside its tooltip) still switches the theme.
    fireEvent.click(screen.getByRole('button', { name: 'Usar tema claro' }));
    expect(await screen.findByRole('button', { name: 'Usar tema escuro' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar tema escuro' }));
    expect(await screen.findByRole('button', { name: 'Usar tema claro' })).toBeTruthy();
  });
});
