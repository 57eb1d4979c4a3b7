import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { keepDraft, pendingDrafts } from '../../utils/answer-drafts.ts';
import type { ChecklistItemView, ChecklistValue } from '../../utils/checklist-model.ts';
import { missingItems } from '../../utils/checklist-model.ts';
import { Checklist } from '../checklist.tsx';
import { MissingItems } from '../missing-items.tsx';

const item = (
  p: Partial<ChecklistItemView> & Pick<ChecklistItemView, 'id' | 'tipo' | 'titulo'>,
) => ({
  obrigatorio: false,
  ajuda: null,
  unidade: null,
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: null,
  ...p,
});

const [DRENO, TEMP, SERIE, OBS, FILTRO, ITENS, FOTOS, VALIDADE] = [1, 2, 3, 4, 5, 6, 7, 8];
const ITEMS: ChecklistItemView[] = [
  item({ id: DRENO, tipo: 'sim_nao', titulo: 'Dreno desobstruído', obrigatorio: true }),
  item({
    id: TEMP,
    tipo: 'numero',
    titulo: 'Temperatura de insuflamento',
    obrigatorio: true,
    unidade: '°C',
    minimo: 5,
    maximo: 30,
    ajuda: 'Meça na saída da evaporadora.',
  }),
  item({ id: SERIE, tipo: 'texto_curto', titulo: 'Número de série' }),
  item({ id: OBS, tipo: 'texto_longo', titulo: 'Observações' }),
  item({
    id: FILTRO,
    tipo: 'escolha_unica',
    titulo: 'Estado do filtro',
    obrigatorio: true,
    opcoes: ['Limpo', 'Sujo', 'Trocado'],
  }),
  item({
    id: ITENS,
    tipo: 'escolha_multipla',
    titulo: 'Itens limpos',
    opcoes: ['Serpentina', 'Bandeja', 'Ventilador'],
  }),
  item({
    id: FOTOS,
    tipo: 'foto',
    titulo: 'Foto da etiqueta',
    obrigatorio: true,
    fotos_minimas: 2,
  }),
  item({ id: VALIDADE, tipo: 'data', titulo: 'Próxima limpeza' }),
];

function setup(answers: Record<number, ChecklistValue> = {}, osId = 7) {
  const onSave = vi.fn((_itemId: number, _value: ChecklistValue) => Promise.resolve());
  renderUi(
    <Checklist
      osId={osId}
      items={ITEMS}
      answers={answers}
      photoCounts={{ [FOTOS]: 1 }}
      onSave={onSave}
      renderPhotos={() => <button type="button">Câmera</button>}
    />,
  );
  return { onSave };
}

const card = (id: number) =>
  screen.getAllByTestId('checklist-item').find((el) => el.dataset.item === String(id))!;

beforeEach(() => localStorage.clear());

describe('Checklist', () => {
  it('renders every item type with its required marker, unit, range and photo minimum', async () => {
    setup();
    // choices and dates are loaded on demand (checklist-rare-field.tsx)
    expect(await within(card(FILTRO)).findAllByRole('radio')).toHaveLength(3);
    expect(
      within(card(DRENO))
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['Sim', 'Não', 'Não se aplica']);
    expect(within(card(DRENO)).getByLabelText('obrigatório')).toBeTruthy();
    expect(within(card(SERIE)).queryByLabelText('obrigatório')).toBeNull();
    expect(within(card(TEMP)).getByText('°C')).toBeTruthy();
    expect(within(card(TEMP)).getByText('Entre 5 e 30 °C.')).toBeTruthy();
    expect(await within(card(ITENS)).findAllByRole('checkbox')).toHaveLength(3);
    expect(within(card(FOTOS)).getByText('1 de 2 fotos mínimas')).toBeTruthy();
    expect(within(card(FOTOS)).getByRole('button', { name: 'Câmera' })).toBeTruthy();
    expect(await within(card(VALIDADE)).findByRole('textbox')).toBeTruthy();
    expect(within(card(OBS)).getByRole('textbox').tagName).toBe('TEXTAREA');
  });

  it('saves a tap on Não with one call', async () => {
    const { onSave } = setup();
    await userEvent.click(within(card(DRENO)).getByRole('radio', { name: 'Não' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(DRENO, 'nao'));
    expect(
      within(card(DRENO)).getByRole('radio', { name: 'Não' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('saves a number typed the Brazilian way once, when the person leaves the field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { onSave } = setup();
      const input = within(card(TEMP)).getByRole('textbox');
      await user.type(input, '12,5');
      // Typing alone saves nothing, however long the person waits: "1" of "12,5" is a number.
      await vi.advanceTimersByTimeAsync(5000);
      expect(onSave).not.toHaveBeenCalled();
      fireEvent.blur(input);
      await waitFor(() => expect(onSave).toHaveBeenCalledWith(TEMP, 12.5));
      // Leaving it again without a change sends nothing more.
      fireEvent.blur(input);
      await vi.advanceTimersByTimeAsync(5000);
      expect(onSave.mock.calls.filter(([id]) => id === TEMP)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a date typed key by key only once it is whole, when the person leaves the field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { onSave } = setup();
      const input = await within(card(VALIDADE)).findByRole('textbox', { name: 'Próxima limpeza' });
      // "10/12/20" is already a date (10/12/2020): a slow thumb must not have it stored.
      for (const ch of '10/12/2026') {
        await user.type(input, ch);
        await vi.advanceTimersByTimeAsync(2000);
      }
      expect(onSave).not.toHaveBeenCalled();
      fireEvent.blur(input);
      await waitFor(() => expect(onSave).toHaveBeenCalledWith(VALIDADE, '2026-12-10'));
      expect(onSave).toHaveBeenCalledTimes(1);
      // A half-typed date left behind is not stored either, and says why.
      await user.clear(input);
      await user.type(input, '31/02');
      fireEvent.blur(input);
      await vi.advanceTimersByTimeAsync(5000);
      expect(onSave).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves on Enter too', async () => {
    const { onSave } = setup();
    await userEvent.type(within(card(TEMP)).getByRole('textbox'), '22{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(TEMP, 22));
  });

  it('never saves a number outside the range and says why on blur', async () => {
    const { onSave } = setup();
    const input = within(card(TEMP)).getByRole('textbox');
    await userEvent.type(input, '45');
    fireEvent.blur(input);
    expect(await within(card(TEMP)).findByText('O valor máximo é 30.')).toBeTruthy();
    expect(onSave.mock.calls.some(([id, v]) => id === TEMP && v === 45)).toBe(false);
  });

  it('never stores the first digits of a number above the maximum (12 in 0–10)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const NOTA = 9;
    const onSave = vi.fn((_itemId: number, _value: ChecklistValue) => Promise.resolve());
    renderUi(
      <Checklist
        osId={9}
        items={[
          item({
            id: NOTA,
            tipo: 'numero',
            titulo: 'Nota',
            obrigatorio: true,
            minimo: 0,
            maximo: 10,
          }),
        ]}
        answers={{}}
        photoCounts={{}}
        onSave={onSave}
      />,
    );
    const input = screen.getByRole('textbox');
    // A slow thumb: "1", a pause far longer than the autosave delay, then "2".
    await user.type(input, '1');
    await vi.advanceTimersByTimeAsync(5000);
    await user.type(input, '2');
    await vi.advanceTimersByTimeAsync(5000);
    fireEvent.blur(input);
    expect(await screen.findByText('O valor máximo é 10.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onSave).not.toHaveBeenCalled();
    expect(pendingDrafts(9)).toEqual({});
    expect(screen.queryByText('Feito')).toBeNull();
    // Corrected to 10, it is saved once and done.
    await user.clear(input);
    await user.type(input, '10');
    fireEvent.blur(input);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(NOTA, 10));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Feito')).toBeTruthy();
  });

  it('before the check-in, disables the answers and says why; photos stay available', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderUi(
      <Checklist
        osId={10}
        items={ITEMS}
        answers={{}}
        photoCounts={{}}
        onSave={onSave}
        lockedReason="Disponível depois do check-in."
        renderPhotos={() => <button type="button">Câmera</button>}
      />,
    );
    const sim = within(card(DRENO)).getByRole('radio', { name: 'Sim' });
    expect(sim).toHaveProperty('disabled', true);
    await userEvent.click(sim);
    expect(within(card(TEMP)).getByRole('textbox')).toHaveProperty('disabled', true);
    expect(within(card(DRENO)).getByText('Disponível depois do check-in.')).toBeTruthy();
    expect(within(card(FOTOS)).queryByText('Disponível depois do check-in.')).toBeNull();
    expect(within(card(FOTOS)).getByRole('button', { name: 'Câmera' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByText('Feito')).toBeNull();
  });

  it('rolls a refused tap back to what the server has: never shown as done', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new Error('Faça o check-in antes de responder o checklist.')),
    );
    renderUi(
      <Checklist
        osId={11}
        items={ITEMS.slice(0, 1)}
        answers={{}}
        photoCounts={{}}
        onSave={onSave}
      />,
    );
    const sim = screen.getByRole('radio', { name: 'Sim' });
    await userEvent.click(sim);
    expect((await screen.findByRole('alert')).textContent).toContain('Faça o check-in');
    expect(sim.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Feito')).toBeNull();
    expect(pendingDrafts(11)).toEqual({});
  });

  it('sends a typed text on blur at once and forgets the draft when saved', async () => {
    const { onSave } = setup();
    const input = within(card(SERIE)).getByRole('textbox');
    await userEvent.type(input, 'AB-123');
    expect(pendingDrafts(7)).toEqual({ [SERIE]: 'AB-123' });
    fireEvent.blur(input);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(SERIE, 'AB-123'));
    await waitFor(() => expect(pendingDrafts(7)).toEqual({}));
  });

  it('shows the text limit and the count at the field while typing', async () => {
    setup();
    const input = within(card(SERIE)).getByRole('textbox');
    expect(within(card(SERIE)).getByText('0 de 200 caracteres')).toBeTruthy();
    await userEvent.type(input, 'AB-123');
    expect(within(card(SERIE)).getByText('6 de 200 caracteres')).toBeTruthy();
    expect(input.getAttribute('maxlength')).toBe('200');
    expect(within(card(OBS)).getByText('0 de 4.000 caracteres')).toBeTruthy();
  });

  it('keeps the template order of multiple choices whatever the tapping order', async () => {
    const { onSave } = setup();
    await userEvent.click(await within(card(ITENS)).findByRole('checkbox', { name: 'Ventilador' }));
    await userEvent.click(within(card(ITENS)).getByRole('checkbox', { name: 'Serpentina' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenLastCalledWith(ITENS, ['Serpentina', 'Ventilador']),
    );
  });

  it('after a reload, shows and sends again what was typed but never confirmed', async () => {
    keepDraft(7, OBS, 'Ruído no compressor');
    const { onSave } = setup({ [OBS]: 'antigo' });
    expect(within(card(OBS)).getByRole('textbox')).toHaveProperty('value', 'Ruído no compressor');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(OBS, 'Ruído no compressor'));
  });

  it('shows a save error in Portuguese and keeps the typed answer', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('A OS está lacrada.')));
    renderUi(
      <Checklist
        osId={8}
        items={ITEMS.slice(2, 3)}
        answers={{}}
        photoCounts={{}}
        onSave={onSave}
      />,
    );
    const input = screen.getByRole('textbox');
    await userEvent.type(input, 'X1');
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toContain('A OS está lacrada.');
    expect(input).toHaveProperty('value', 'X1');
    expect(pendingDrafts(8)).toEqual({ [SERIE]: 'X1' });
    // Kept to be corrected, but not shown as done: the server does not have it.
    expect(screen.queryByText('Feito')).toBeNull();
  });
});

describe('missing required items', () => {
  it('lists the required items without an answer, photos by their minimum', () => {
    expect(missingItems(ITEMS, { [DRENO]: 'na', [TEMP]: 22 }, { [FOTOS]: 1 })).toEqual([
      'Estado do filtro',
      'Foto da etiqueta (mínimo 2 fotos)',
    ]);
    expect(
      missingItems(ITEMS, { [DRENO]: 'sim', [TEMP]: 22, [FILTRO]: 'Limpo' }, { [FOTOS]: 2 }),
    ).toEqual([]);
  });

  it('shows "Faltam" with each missing item, and nothing when all are there', () => {
    const { rerender } = renderUi(
      <MissingItems items={['Estado do filtro', 'Foto da etiqueta']} />,
    );
    expect(screen.getByText('Faltam 2 itens obrigatórios')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Estado do filtro',
      'Foto da etiqueta',
    ]);
    // One missing item: "Falta 1", not "Faltam 1".
    rerender(<MissingItems items={['Estado do filtro']} />);
    expect(screen.getByText('Falta 1 item obrigatório')).toBeTruthy();
    rerender(<MissingItems items={[]} />);
    expect(screen.queryByTestId('missing-items')).toBeNull();
  });
});
