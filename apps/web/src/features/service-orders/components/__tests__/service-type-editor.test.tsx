import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { ServiceType } from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../../test/render.tsx';
import { ServiceTypeEditor } from '../service-type-editor.tsx';

const fetchMock = vi.fn<typeof fetch>();
const saved = (body: Record<string, unknown>, id = 7, versao = 1) => ({ id, versao, ...body });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (init?.method === 'POST' || init?.method === 'PUT') {
      return Promise.resolve(
        jsonResponse(saved(JSON.parse(init.body as string) as Record<string, unknown>)),
      );
    }
    if (url.includes('/sst/')) return Promise.resolve(jsonResponse({ tipo_atividade: null }));
    return Promise.resolve(jsonResponse([]));
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The bodies sent to the API with a method that writes. */
function writes() {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([input, init]) => ({
      method: init!.method,
      url: urlOf(input),
      body: JSON.parse(init!.body as string) as Record<string, unknown>,
    }));
}

/** Types as a person does, character by character. */
function typeInto(input: HTMLElement, text: string) {
  let value = '';
  for (const ch of text) {
    value += ch;
    fireEvent.change(input, { target: { value } });
  }
}

const items = () => screen.getAllByTestId('template-item');
const field = (item: HTMLElement, label: string) =>
  within(item)
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((el) => el.tagName === 'INPUT')!;

function chooseType(item: HTMLElement, label: string) {
  const input = within(item)
    .getAllByLabelText('Tipo')
    .find((el) => el.tagName === 'INPUT');
  fireEvent.click(input!);
  fireEvent.click(screen.getByRole('option', { name: label }));
}

function renderEditor(type: ServiceType | null = null) {
  const onClose = vi.fn();
  renderUi(<ServiceTypeEditor opened type={type} onClose={onClose} />);
  return { onClose };
}

describe('ServiceTypeEditor', () => {
  // Four items typed character by character: slow on a busy machine.
  it(
    'sends a new type with an item of each kind, in the order set, with their settings',
    { timeout: 120_000 },
    async () => {
      renderEditor();
      typeInto(screen.getByRole('textbox', { name: /^Nome/ }), 'Preventiva PMOC');
      typeInto(screen.getByRole('textbox', { name: 'Descrição' }), 'Mensal, evaporadoras');

      // Item 1: sim/não (the default), not required, with help text.
      typeInto(field(items()[0]!, 'Título'), 'Filtros limpos');
      typeInto(field(items()[0]!, 'Texto de ajuda'), 'Olhe contra a luz');
      fireEvent.click(
        within(items()[0]!).getByRole('switch', { name: 'Obrigatório para concluir' }),
      );

      // Item 2: number with unit and a range typed the Brazilian way.
      fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
      chooseType(items()[1]!, 'Número');
      typeInto(field(items()[1]!, 'Título'), 'Temperatura de insuflamento');
      typeInto(field(items()[1]!, 'Unidade'), '°C');
      typeInto(field(items()[1]!, 'Mínimo'), '5,5');
      typeInto(field(items()[1]!, 'Máximo'), '1.030');

      // Item 3: single choice with options typed and confirmed with Enter.
      fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
      chooseType(items()[2]!, 'Escolha única');
      typeInto(field(items()[2]!, 'Título'), 'Estado da serpentina');
      const options = field(items()[2]!, 'Opções');
      await userEvent.type(options, 'Boa{Enter}Suja{Enter}Danificada{Enter}');

      // Item 4: photo with a minimum of 2, then moved up above the choice.
      fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
      chooseType(items()[3]!, 'Foto');
      typeInto(field(items()[3]!, 'Título'), 'Foto da evaporadora');
      const minPhotos = field(items()[3]!, 'Mínimo de fotos');
      fireEvent.change(minPhotos, { target: { value: '' } });
      typeInto(minPhotos, '2');
      fireEvent.blur(minPhotos);
      fireEvent.click(within(items()[3]!).getByRole('button', { name: 'Subir item' }));

      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull();
      await waitFor(() => expect(writes()).toHaveLength(1), { timeout: 10_000 });
      expect(writes()).toEqual([
        {
          method: 'POST',
          url: '/api/tatico/os/tipos',
          body: {
            nome: 'Preventiva PMOC',
            descricao: 'Mensal, evaporadoras',
            ativo: true,
            enviar_relatorio_cliente: true,
            itens: [
              {
                titulo: 'Filtros limpos',
                tipo: 'sim_nao',
                obrigatorio: false,
                ajuda: 'Olhe contra a luz',
                unidade: null,
                minimo: null,
                maximo: null,
                opcoes: [],
                fotos_minimas: null,
              },
              {
                titulo: 'Temperatura de insuflamento',
                tipo: 'numero',
                obrigatorio: true,
                ajuda: null,
                unidade: '°C',
                minimo: 5.5,
                maximo: 1030,
                opcoes: [],
                fotos_minimas: null,
              },
              {
                titulo: 'Foto da evaporadora',
                tipo: 'foto',
                obrigatorio: true,
                ajuda: null,
                unidade: null,
                minimo: null,
                maximo: null,
                opcoes: [],
                fotos_minimas: 2,
              },
              {
                titulo: 'Estado da serpentina',
                tipo: 'escolha_unica',
                obrigatorio: true,
                ajuda: null,
                unidade: null,
                minimo: null,
                maximo: null,
                opcoes: ['Boa', 'Suja', 'Danificada'],
                fotos_minimas: null,
              },
            ],
          },
        },
      ]);
    },
  );

  it('says in Portuguese under each field what is wrong, keeps what was typed, sends nothing', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const nome = screen.getByRole('textbox', { name: /^Nome/ });
    await waitFor(() => expect(nome.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('O nome do tipo de serviço: mínimo de 3 caracteres.')).toBeTruthy();
    expect(field(items()[0]!, 'Título').getAttribute('aria-invalid')).toBe('true');

    typeInto(screen.getByRole('textbox', { name: /^Nome/ }), 'Inspeção de quadro');
    typeInto(field(items()[0]!, 'Título'), 'Barramentos');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    chooseType(items()[1]!, 'Número');
    typeInto(field(items()[1]!, 'Título'), 'Tensão');
    typeInto(field(items()[1]!, 'Mínimo'), '240');
    typeInto(field(items()[1]!, 'Máximo'), '200');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(
        within(items()[1]!).getByText('O mínimo deve ser menor ou igual ao máximo.'),
      ).toBeTruthy(),
    );
    expect(screen.queryByText(/mínimo de 3 caracteres/)).toBeNull();
    expect((field(items()[1]!, 'Mínimo') as HTMLInputElement).value).toBe('240');
    expect((field(items()[1]!, 'Máximo') as HTMLInputElement).value).toBe('200');

    typeInto(field(items()[1]!, 'Máximo'), '250');
    fireEvent.click(within(items()[1]!).getByRole('button', { name: 'Remover item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    chooseType(items()[1]!, 'Múltipla escolha');
    typeInto(field(items()[1]!, 'Título'), 'Defeitos');
    const options = field(items()[1]!, 'Opções');
    typeInto(options, 'Oxidação');
    fireEvent.keyDown(options, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(within(items()[1]!).getByText('Informe pelo menos 2 opções.')).toBeTruthy(),
    );

    fireEvent.click(within(items()[1]!).getByRole('button', { name: 'Remover item' }));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Remover item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Informe pelo menos um item no checklist.',
      ),
    );
    expect(writes()).toEqual([]);
  });

  it('edits an existing type: its items come filled in and the change is a PUT', async () => {
    const type: ServiceType = {
      id: 7,
      nome: 'Limpeza de caixa d’água',
      descricao: null,
      ativo: true,
      enviar_relatorio_cliente: true,
      versao: 3,
      itens: [
        {
          id: 31,
          ordem: 1,
          titulo: 'Registro fechado',
          tipo: 'sim_nao',
          obrigatorio: true,
          ajuda: null,
          unidade: null,
          minimo: null,
          maximo: null,
          opcoes: [],
          fotos_minimas: null,
        },
        {
          id: 32,
          ordem: 2,
          titulo: 'Cloro residual',
          tipo: 'numero',
          obrigatorio: true,
          ajuda: 'Medir na saída',
          unidade: 'mg/L',
          minimo: 0.2,
          maximo: 5,
          opcoes: [],
          fotos_minimas: null,
        },
      ],
    } as unknown as ServiceType;
    const { onClose } = renderEditor(type);
    expect(screen.getByText(/Versão 3\. Mudar os itens cria a versão 4/)).toBeTruthy();
    expect((field(items()[1]!, 'Mínimo') as HTMLInputElement).value).toBe('0,2');
    expect((field(items()[1]!, 'Unidade') as HTMLInputElement).value).toBe('mg/L');

    fireEvent.click(within(items()[1]!).getByRole('button', { name: 'Subir item' }));
    fireEvent.click(within(items()[1]!).getByRole('switch', { name: 'Obrigatório para concluir' }));
    // Opting out of the report e-mail at conclusion for this type.
    const mail = screen.getByRole('switch', { name: /Enviar o relatório ao cliente na conclusão/ });
    expect((mail as HTMLInputElement).checked).toBe(true);
    fireEvent.click(mail);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = writes();
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/api/tatico/os/tipos/7');
    expect(put?.body.enviar_relatorio_cliente).toBe(false);
    expect(put?.body.itens).toEqual([
      expect.objectContaining({
        titulo: 'Cloro residual',
        unidade: 'mg/L',
        minimo: 0.2,
        maximo: 5,
      }),
      expect.objectContaining({ titulo: 'Registro fechado', obrigatorio: false }),
    ]);
  });
});
