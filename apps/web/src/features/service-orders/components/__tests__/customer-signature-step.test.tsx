import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { osFixture } from '../../test/os-fixture.ts';
import { ConcludeModal } from '../conclude-modal.tsx';
import { maskCpf } from '../customer-signature-step.tsx';

// The conclusion (observations and the customer's acceptance) runs the domain's osConcludeBody
// through react-hook-form: a wrong value shows the domain's message under its field and
// nothing goes to the OS step mutation (the outbox, replaced here).
const mutateAsync = vi.fn((_step: unknown) => Promise.resolve({ status: 'sent' }));
vi.mock('../../api/os-step.ts', () => ({
  useOsStepMutation: () => ({ mutateAsync, isPending: false }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

// jsdom draws nothing: the pad works on its strokes alone (see signature-pad.test.tsx); the
// image is a PNG header the domain's check accepts.
const PNG = `data:image/png;base64,${btoa(
  String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array<number>(64).fill(0)),
)}`;
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.toDataURL = () => PNG;
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

const os = osFixture({ pendencias: [] });
const sent = () => (mutateAsync.mock.calls[0]![0] as { body: Record<string, unknown> }).body;

describe('Concluir OS: the customer acceptance', () => {
  it('masks the CPF as it is typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529.982.2')).toBe('529.982.2');
  });

  it("refuses an empty form and a CPF with wrong check digits with the domain's messages", async () => {
    const user = userEvent.setup();
    renderUi(<ConcludeModal os={os} opened onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Registrar assinatura' }));
    expect(
      await screen.findByText('Informe o nome de quem assina (pelo menos 3 letras).'),
    ).toBeTruthy();
    expect(screen.getByText('Informe o CPF de quem assina.')).toBeTruthy();
    expect(screen.getByText('Falta a assinatura do cliente.')).toBeTruthy();
    const cpf = screen.getByRole('textbox', { name: /^CPF/ });
    await user.type(cpf, '52998224726');
    expect(await screen.findByText('CPF inválido: confira os 11 dígitos.')).toBeTruthy();
    // what was typed stays, masked
    expect((cpf as HTMLInputElement).value).toBe('529.982.247-26');
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('sends name, CPF, the drawn signature, rating, comment and observations', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderUi(<ConcludeModal os={os} opened onClose={onClose} />);
    await user.type(
      screen.getByRole('textbox', { name: /^Observações do serviço/ }),
      ' Filtro trocado ',
    );
    await user.type(screen.getByRole('textbox', { name: /^Nome de quem assina/ }), 'Marta Ribeiro');
    await user.type(screen.getByRole('textbox', { name: /^CPF/ }), '52998224725');
    sign();
    await user.click(screen.getByRole('radio', { name: '4 de 5' }));
    await user.type(screen.getByLabelText(/Comentário/), 'Equipe pontual');
    await user.click(screen.getByRole('button', { name: 'Registrar assinatura' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect((mutateAsync.mock.calls[0]![0] as { tipo: string }).tipo).toBe('concluir');
    expect(sent()).toMatchObject({
      tipo: 'assinada',
      cliente_nome: 'Marta Ribeiro',
      cliente_cpf: '529.982.247-25',
      assinatura: PNG,
      avaliacao: 4,
      comentario: 'Equipe pontual',
      observacoes: 'Filtro trocado',
      recusa_motivo: null,
      latitude: null,
      longitude: null,
    });
    expect(sent().assinatura_tracos).toHaveLength(1);
    expect(typeof sent().device_time).toBe('string');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('records a refusal with its reason instead of CPF and signature', async () => {
    const user = userEvent.setup();
    renderUi(<ConcludeModal os={os} opened onClose={() => {}} />);
    await user.click(screen.getByLabelText('O cliente se recusou a assinar'));
    expect(screen.queryByRole('textbox', { name: /^CPF/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Registrar recusa' }));
    expect(await screen.findByText('Informe o motivo da recusa do cliente.')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Motivo da recusa/), 'Responsável ausente');
    await user.click(screen.getByRole('button', { name: 'Registrar recusa' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      tipo: 'recusada',
      cliente_nome: null,
      cliente_cpf: null,
      recusa_motivo: 'Responsável ausente',
      avaliacao: null,
      comentario: null,
      observacoes: null,
    });
    expect(sent().assinatura).toBeUndefined();
  });

  it("keeps the form and shows the server's refusal", async () => {
    mutateAsync.mockRejectedValueOnce(new Error('A OS já foi concluída.'));
    const user = userEvent.setup();
    renderUi(<ConcludeModal os={os} opened onClose={() => {}} />);
    await user.click(screen.getByLabelText('O cliente se recusou a assinar'));
    await user.type(screen.getByLabelText(/Motivo da recusa/), 'Responsável ausente');
    await user.click(screen.getByRole('button', { name: 'Registrar recusa' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A OS já foi concluída.');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Motivo da recusa/).value).toBe(
      'Responsável ausente',
    );
  });
});
