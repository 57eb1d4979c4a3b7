// Vitest: runs isolated (the toasts library, once loaded, stays loaded for the module's lifetime).
import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toastError, toastSuccess, toastsWanted } from '../../lib/toast.ts';
import { renderUi } from '../../test/render.tsx';
import { Toasts } from '../toasts.tsx';

describe('Toasts', () => {
  it('mounts nothing until the first toast, then shows toasts in order as the library loads', async () => {
    renderUi(<Toasts />);
    expect(toastsWanted()).toBe(false);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    toastError('Falha ao salvar a demanda');
    toastSuccess('Demanda salva');
    expect(toastsWanted()).toBe(true);
    expect(await screen.findByText('Falha ao salvar a demanda')).toBeTruthy();
    expect(await screen.findByText('Demanda salva')).toBeTruthy();
    const texts = [...document.querySelectorAll('.mantine-Notification-description')].map(
      (n) => n.textContent,
    );
    expect(texts).toEqual(['Falha ao salvar a demanda', 'Demanda salva']);
  });
});
