import '../../../test/setup-dom.ts';

import { modals } from '@mantine/modals';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { renderBar, stubNotificationsFetch } from './top-bar-kit.tsx';
import { useModalsWanted } from '../lazy-modals.ts';
import { lazy, Suspense } from 'react';

stubNotificationsFetch();

describe('TopBar before and after its menus load', () => {
  it('shows the unread count on the bare bell and opens the panel from the first tap', async () => {
    renderBar();
    const bell = await screen.findByRole('button', { name: 'Avisos: 3 não lidos' });
    expect(screen.queryByRole('dialog', { name: 'Avisos' })).toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Avisos' })).toBeTruthy();
  });

  it('opens the account menu from the first tap on the bare account button', async () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Conta de Ana Lima' }));
    expect(await screen.findByRole('menuitem', { name: 'Sair' })).toBeTruthy();
    expect(screen.getByText('ana@eproto.test')).toBeTruthy();
    // Still the 44 px touch target of the bar (top-bar.module.css) inside the menu's target.
    expect(screen.getByRole('button', { name: 'Conta de Ana Lima' }).className).toMatch(
      /userButton/,
    );
  });
});

const ModalsHost = lazy(() => import('../modals-host.tsx'));
function Host() {
  const wanted = useModalsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ModalsHost />
    </Suspense>
  ) : null;
}

describe('Modals manager loaded with the first call', () => {
  it('shows a confirm dialog asked for before the manager was loaded', async () => {
    renderUi(<Host />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const onConfirm = vi.fn();
    act(() => {
      modals.openConfirmModal({
        title: 'Excluir o quadro?',
        labels: { confirm: 'Excluir', cancel: 'Cancelar' },
        onConfirm,
      });
    });
    expect(await screen.findByRole('dialog', { name: 'Excluir o quadro?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
