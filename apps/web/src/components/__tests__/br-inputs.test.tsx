import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { DateField, INVALID_DATE } from '../date-field.tsx';
import { DateTimeField } from '../date-time-field.tsx';
import { MoneyField, NumberField } from '../number-field.tsx';

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

function dateField(props: { minDate?: string; maxDate?: string; initial?: string } = {}) {
  renderUi(
    <Harness<string>
      render={(v, set) => (
        <DateField label="Data" value={v ?? props.initial ?? null} onChange={set} {...props} />
      )}
    />,
  );
  return screen.getByRole('textbox', { name: 'Data' });
}

describe('DateField', () => {
  it.each([
    ['10/12/2026', '2026-12-10'],
    ['25/12/2026', '2026-12-25'],
    ['05/01/2027', '2027-01-05'],
    ['10122026', '2026-12-10'],
    ['10/12/26', '2026-12-10'],
  ])('stores %s, typed key by key, as %s', async (typed, iso) => {
    const user = userEvent.setup();
    const input = dateField();
    await user.type(input, typed);
    expect(stored()).toBe(iso);
    await user.tab();
    expect(input).toHaveProperty(
      'value',
      `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
    );
  });

  it('replaces a date typed over the one already there', async () => {
    const user = userEvent.setup();
    renderUi(
      <Harness<string>
        render={(v, set) => <DateField label="Data" value={v ?? '2026-11-26'} onChange={set} />}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Data' });
    expect(input).toHaveProperty('value', '26/11/2026');
    await user.clear(input);
    await user.type(input, '25/12/2026');
    expect(stored()).toBe('2026-12-25');
  });

  it('keeps an impossible date on screen with a Portuguese error and stores no date', async () => {
    const user = userEvent.setup();
    const input = dateField();
    await user.type(input, '31/02/2027');
    await user.tab();
    expect(input).toHaveProperty('value', '31/02/2027');
    expect(screen.getByText('A data 31/02/2027 não existe. Confira o dia e o mês.')).toBeTruthy();
    expect(stored()).toBe(INVALID_DATE);
    // Fixing the day clears the error and stores the date.
    await user.clear(input);
    await user.type(input, '28/02/2027');
    expect(stored()).toBe('2027-02-28');
    expect(screen.queryByText(/não existe/)).toBeNull();
  });

  it('reads a pasted date', async () => {
    const user = userEvent.setup();
    const input = dateField();
    await user.click(input);
    await user.paste('26/11/2026');
    expect(stored()).toBe('2026-11-26');
  });

  it('refuses a date after the allowed range and says which is the last one', async () => {
    const user = userEvent.setup();
    const input = dateField({ maxDate: '2026-11-26' });
    await user.type(input, '27/11/2026');
    await user.tab();
    expect(screen.getByText('A data não pode ser depois de 26/11/2026.')).toBeTruthy();
    expect(stored()).toBe(INVALID_DATE);
  });
});

describe('DateTimeField', () => {
  it('stores the typed day and hour as local date-time', async () => {
    const user = userEvent.setup();
    renderUi(
      <Harness<string>
        render={(v, set) => <DateTimeField label="Início" value={v} onChange={set} />}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Início' }), '10/12/2026');
    expect(stored()).toBe(INVALID_DATE); // no hour yet
    await user.type(screen.getByLabelText('Hora'), '08:30');
    expect(stored()).toBe('2026-12-10T08:30');
  });
});

function numberField(el: (v: number | null, set: (v: number | null) => void) => React.ReactNode) {
  renderUi(<Harness<number> render={el} />);
  return screen.getByRole('textbox');
}

describe('NumberField and MoneyField', () => {
  it.each([
    ['1.234,50', 1234.5],
    ['45,5', 45.5],
    ['300', 300],
    ['250,50', 250.5],
    ['1.500,00', 1500],
    ['289,90', 289.9],
    ['150,00', 150],
  ])('money: stores %s, typed key by key, as %d', async (typed, value) => {
    const user = userEvent.setup();
    const input = numberField((v, set) => <MoneyField label="Valor" value={v} onChange={set} />);
    await user.type(input, typed);
    expect(stored()).toBe(value);
    await user.tab();
    expect(input).toHaveProperty(
      'value',
      value.toLocaleString('pt-BR', { minimumFractionDigits: 2 }),
    );
  });

  it.each([
    ['45,5', 45.5],
    ['1.234,50', 1234.5],
    ['300', 300],
  ])('decimal: stores %s as %d and keeps the text as typed', async (typed, value) => {
    const user = userEvent.setup();
    const input = numberField((v, set) => (
      <NumberField label="Litros" min={0} value={v} onChange={set} />
    ));
    await user.type(input, typed);
    await user.tab();
    expect(stored()).toBe(value);
    expect(input).toHaveProperty('value', typed);
  });

  it('stores a negative coordinate with six decimals', async () => {
    const user = userEvent.setup();
    const input = numberField((v, set) => (
      <NumberField label="Latitude" decimals={6} min={-90} max={90} value={v} onChange={set} />
    ));
    await user.type(input, '-23,5505');
    expect(stored()).toBe(-23.5505);
  });

  it('whole numbers: stores 50.300 km as 50300 and refuses a comma', async () => {
    const user = userEvent.setup();
    const input = numberField((v, set) => (
      <NumberField label="Km" decimals={0} min={0} value={v} onChange={set} />
    ));
    await user.type(input, '50.300');
    expect(stored()).toBe(50300);
    await user.clear(input);
    await user.type(input, '45,5');
    await user.tab();
    expect(stored()).toBeNull(); // NaN is not JSON: the form cannot submit it
    expect(screen.getByText('Informe um número inteiro, sem casas decimais.')).toBeTruthy();
    expect(input).toHaveProperty('value', '45,5');
  });

  it('commits only the number the person settled on, never a prefix of one out of range', async () => {
    const user = userEvent.setup();
    const commits: (number | null)[] = [];
    const input = numberField((v, set) => (
      <NumberField
        label="Nota"
        decimals={0}
        min={0}
        max={10}
        value={v}
        onChange={set}
        onCommit={(n) => commits.push(n)}
      />
    ));
    await user.type(input, '12');
    await user.tab();
    expect(commits).toEqual([]); // neither 1 nor 12
    expect(screen.getByText('O valor máximo é 10.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '10{Enter}');
    expect(commits).toEqual([10]);
    await user.clear(input);
    await user.tab();
    expect(commits).toEqual([10, null]); // emptied on purpose: null, not a digit
  });

  it('a value set from outside replaces the text', async () => {
    const user = userEvent.setup();
    function Outside() {
      const [v, setV] = useState<number | null>(12.5);
      return (
        <>
          <MoneyField label="Valor" value={v} onChange={setV} />
          <button onClick={() => setV(null)}>Limpar tudo</button>
        </>
      );
    }
    renderUi(<Outside />);
    const input = screen.getByRole('textbox', { name: 'Valor' });
    expect(input).toHaveProperty('value', '12,50');
    await user.click(screen.getByRole('button', { name: 'Limpar tudo' }));
    expect(input).toHaveProperty('value', '');
  });
});
