import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { CustomerSignatureStep, maskCpf } from '../customer-signature-step.tsx';

// jsdom draws nothing: the pad works on its strokes alone (see signature-pad.test.tsx).
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,AAAA';
// jsdom has no PointerEvent: without it fireEvent drops clientX/clientY of the strokes.
if (typeof window.PointerEvent === 'undefined') {
  class FakePointerEvent extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = FakePointerEvent as unknown as typeof PointerEvent;
}

function sign() {
  const pad = screen.getByRole('img', { name: /Área para assinar/ });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 20, pointerId: 1 });
  for (let x = 20; x <= 200; x += 10) {
    fireEvent.pointerMove(pad, { clientX: x, clientY: 20 + (x % 30), pointerId: 1 });
  }
  fireEvent.pointerUp(pad, { clientX: 200, clientY: 40, pointerId: 1 });
}

describe('CustomerSignatureStep', () => {
  it('masks the CPF as it is typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529.982.2')).toBe('529.982.2');
  });

  it('refuses an empty form and a CPF with wrong check digits, sending nothing', async () => {
    const onSubmit = vi.fn();
    renderUi(<CustomerSignatureStep onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar assinatura' }));
    expect(screen.getByText('Informe o nome de quem assina.')).toBeTruthy();
    expect(screen.getByText('Informe o CPF de quem assina.')).toBeTruthy();
    expect(screen.getByText('O cliente precisa assinar no quadro.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/CPF/), '52998224726');
    expect(screen.getByText('CPF inválido: confira os 11 dígitos.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends name, CPF, the drawn signature with its strokes and the optional rating', async () => {
    const onSubmit = vi.fn();
    renderUi(<CustomerSignatureStep onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Nome de quem assina/), 'Marta Ribeiro');
    await userEvent.type(screen.getByLabelText(/CPF/), '52998224725');
    sign();
    await userEvent.click(screen.getByRole('radio', { name: '4 de 5' }));
    await userEvent.type(screen.getByLabelText(/Comentário/), 'Equipe pontual');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar assinatura' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]![0] as {
      recusa: boolean;
      nome: string;
      cpf: string;
      assinatura: { png: string; tracos: unknown[] };
      avaliacao: number;
      comentario: string;
    };
    expect(sent).toMatchObject({
      recusa: false,
      nome: 'Marta Ribeiro',
      cpf: '529.982.247-25',
      avaliacao: 4,
      comentario: 'Equipe pontual',
    });
    expect(sent.assinatura.png).toBe('data:image/png;base64,AAAA');
    expect(sent.assinatura.tracos).toHaveLength(1);
  });

  it('records a refusal with its reason instead of CPF and signature', async () => {
    const onSubmit = vi.fn();
    renderUi(<CustomerSignatureStep onSubmit={onSubmit} />);
    await userEvent.click(screen.getByLabelText('O cliente se recusou a assinar'));
    expect(screen.queryByLabelText(/CPF/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar recusa' }));
    expect(screen.getByText('Informe o motivo da recusa.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Motivo da recusa/), 'Responsável ausente');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar recusa' }));
    expect(onSubmit).toHaveBeenCalledWith({
      recusa: true,
      nome: '',
      motivo: 'Responsável ausente',
      avaliacao: null,
      comentario: '',
    });
  });
});
