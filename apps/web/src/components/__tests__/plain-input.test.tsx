import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { INVALID_DATE } from '../date-text.ts';
import { PlainDateField } from '../plain-date-field.tsx';
import { PlainNumberField, PlainTextarea, PlainTextInput } from '../plain-input.tsx';

/** Holds what a form would store, and shows it so the test reads the stored value. */
function Harness<T>({
  render,
}: {
  render: (v: T | null, set: (v: T | null) => void) => React.ReactNode;
}) {
  const [v, setV] = useState<T | null>(null);
  return (
    <>
      {render(v, setV)}
      <output data-testid="stored">{JSON.stringify(v)}</output>
    </>
  );
}
const stored = () => JSON.parse(screen.getByTestId('stored').textContent ?? 'null') as unknown;

describe('plain fields (the OS checklist and km, without Mantine inputs)', () => {
  it('a text field: labelled, its count tied to it, an error marks it invalid', () => {
    renderUi(
      <PlainTextInput
        label="Observação"
        description="Como ficou"
        value="abc"
        onChange={() => undefined}
        maxLength={200}
        count="always"
        error="Curto demais."
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Observação' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Curto demais.', 'Como ficou3 de 200 caracteres']);
    expect(screen.getByTestId('text-count').textContent).toBe('3 de 200 caracteres');
    // The static class names global.css's touch rule looks for.
    expect(box.closest('.mantine-Input-wrapper')).toBeTruthy();
  });

  it('a text area shows its count always, and the limit when reached', async () => {
    renderUi(
      <Harness<string>
        render={(v, set) => (
          <PlainTextarea
            aria-label="Notas"
            value={v ?? ''}
            onChange={(e) => set(e.currentTarget.value)}
            maxLength={25}
          />
        )}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Notas' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('text-count').textContent).toBe('0 de 25 caracteres');
    await userEvent.type(area, 'a'.repeat(30));
    expect(stored()).toBe('a'.repeat(25));
    expect(screen.getByTestId('text-count').textContent).toBe(
      '25 de 25 caracteres — limite atingido',
    );
  });

  it.each([
    ['45,5', 45.5],
    ['1.234,5', 1234.5],
    ['12', 12],
  ])('a number typed as %s is %d; blur commits it', async (typed, value) => {
    const commit = vi.fn();
    renderUi(
      <Harness<number>
        render={(v, set) => (
          <PlainNumberField aria-label="Pressão" value={v} onChange={set} onCommit={commit} />
        )}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Pressão' });
    await userEvent.type(box, typed);
    expect(stored()).toBe(value);
    expect(commit).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(commit).toHaveBeenCalledWith(value);
  });

  it('a number out of range says why on blur and commits nothing; Enter commits a good one', async () => {
    const commit = vi.fn();
    renderUi(
      <Harness<number>
        render={(v, set) => (
          <PlainNumberField
            label="Km"
            decimals={0}
            min={0}
            max={10}
            value={v}
            onChange={set}
            onCommit={commit}
          />
        )}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Km' });
    expect(box.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(box, '12,5');
    await userEvent.tab();
    expect(screen.getByText(/inteiro/)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(commit).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, '7{Enter}');
    expect(commit).toHaveBeenCalledWith(7);
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('PlainDateField', () => {
  function dateField(commit = vi.fn()) {
    renderUi(
      <Harness<string>
        render={(v, set) => (
          <PlainDateField aria-label="Próxima limpeza" value={v} onChange={set} onCommit={commit} />
        )}
      />,
    );
    return screen.getByRole('textbox', { name: 'Próxima limpeza' });
  }

  it('reads 10/12/26 as 2026-12-10 and commits it on blur, shown whole', async () => {
    const commit = vi.fn();
    const box = dateField(commit);
    await userEvent.type(box, '10/12/26');
    expect(stored()).toBe('2026-12-10');
    await userEvent.tab();
    expect(commit).toHaveBeenCalledWith('2026-12-10');
    expect(box).toHaveProperty('value', '10/12/2026');
  });

  it('an impossible date stays with a Portuguese error; "Limpar" empties and commits null', async () => {
    const commit = vi.fn();
    const box = dateField(commit);
    await userEvent.type(box, '31/02/2027');
    await userEvent.tab();
    expect(screen.getByText('A data 31/02/2027 não existe. Confira o dia e o mês.')).toBeTruthy();
    expect(stored()).toBe(INVALID_DATE);
    expect(commit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(box).toHaveProperty('value', '');
    expect(stored()).toBeNull();
    expect(commit).toHaveBeenCalledWith(null);
  });

  it('the calendar loads at the first tap on its button and a picked day is committed', async () => {
    const commit = vi.fn();
    dateField(commit);
    expect(document.querySelector('.mantine-DatePicker-month, table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    // Its chunk (@mantine/dates) takes a while to import in the test's DOM.
    const day = await screen.findByRole('button', { name: /^15 / }, { timeout: 15_000 });
    await userEvent.click(day);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(String(commit.mock.calls[0]![0])).toMatch(/^\d{4}-\d{2}-15$/);
  }, 30_000);
});
