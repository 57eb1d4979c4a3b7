import '../../test/setup-dom.ts';

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { SignaturePad } from '../signature-pad.tsx';

// jsdom draws nothing (no canvas backend): the pad must work on its strokes alone.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;

describe('SignaturePad', () => {
  it('refuses a single tap with the Portuguese message and reports no signature', () => {
    const onChange = vi.fn();
    renderUi(<SignaturePad onChange={onChange} />);
    const pad = screen.getByRole('img', { name: /Área para assinar/ });
    fireEvent.pointerDown(pad, { clientX: 50, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 50, clientY: 40, pointerId: 1 });
    expect(screen.getByRole('alert').textContent).toBe(
      'Assinatura muito curta. Assine com o dedo ou a caneta.',
    );
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
