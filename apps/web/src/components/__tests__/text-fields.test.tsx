import '../../test/setup-dom.ts';

import { epiItemBody, textMaxLength } from '@eproto/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { Textarea, TextInput } from '../text-fields.tsx';

function RegisteredForm() {
  const form = useForm<{ nome: string }>({ defaultValues: { nome: '' } });
  return (
    <>
      <TextInput
        label="Nome"
        {...form.register('nome')}
        maxLength={textMaxLength(epiItemBody, 'nome')}
      />
      <button type="button" onClick={() => form.reset({ nome: 'x'.repeat(119) })}>
        Recarregar
      </button>
    </>
  );
}

describe('text fields with the server limit', () => {
  it('a text area shows the limit and the count from the start, live while typing', async () => {
    renderUi(<Textarea label="Observações" maxLength={2000} />);
    expect(screen.getByTestId('text-count').textContent).toBe('0 de 2.000 caracteres');
    await userEvent.type(screen.getByLabelText('Observações'), 'Bomba ok');
    expect(screen.getByTestId('text-count').textContent).toBe('8 de 2.000 caracteres');
  });

  it('a line shows the count only near the limit, and refuses to go past it', async () => {
    renderUi(<TextInput label="Local" maxLength={25} />);
    const input = screen.getByLabelText('Local');
    await userEvent.type(input, 'Rua das Flores');
    expect(screen.queryByTestId('text-count')).toBeNull();
    await userEvent.type(input, ', 1200 - fundos e mais');
    expect(input.getAttribute('maxlength')).toBe('25');
    expect((input as HTMLInputElement).value).toHaveLength(25);
    expect(screen.getByTestId('text-count').textContent).toBe(
      '25 de 25 caracteres — limite atingido',
    );
  });

  it('takes the limit from the domain schema and follows a react-hook-form field, reset too', async () => {
    const max = textMaxLength(epiItemBody, 'nome')!;
    expect(max).toBeGreaterThan(20);
    renderUi(<RegisteredForm />);
    const input = screen.getByLabelText('Nome');
    expect(input.getAttribute('maxlength')).toBe(String(max));
    await userEvent.type(input, 'a'.repeat(Math.ceil(max * 0.8)));
    expect(screen.getByTestId('text-count').textContent).toBe(
      `${Math.ceil(max * 0.8)} de ${max} caracteres`,
    );
    await userEvent.clear(input);
    expect(screen.queryByTestId('text-count')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect((await screen.findByTestId('text-count')).textContent).toContain('119 de');
  });

  it('keeps a description given by the form beside the count', () => {
    renderUi(<Textarea label="Motivo" description="Fica no histórico." maxLength={500} />);
    expect(screen.getByText('Fica no histórico.')).toBeTruthy();
    expect(screen.getByTestId('text-count').textContent).toBe('0 de 500 caracteres');
  });
});
