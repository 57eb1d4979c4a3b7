import type { ContractCost } from '@eproto/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SESSION_KEY } from '../../../../lib/session-key.ts';
import { renderUi, testQueryClient } from '../../../../test/render.tsx';
import { LateItems } from '../cost-tables.tsx';

const report = {
  atrasados: [
    {
      tipo: 'os',
      id: 7,
      titulo: 'OS-2026-000007 · Limpeza',
      prazo: '2026-11-20',
      link: '/tatico/agenda/os/7',
    },
    {
      tipo: 'tarefa',
      id: 9,
      titulo: 'Trocar filtros',
      prazo: '2026-11-21',
      link: '/eproto/protocols/9',
    },
  ],
  atrasados_total: 2,
} as unknown as ContractCost;

function renderAs(rawType: string) {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 1,
    email: 'eu@x.y',
    nome: 'Eu',
    type: rawType.toLowerCase(),
    rawType,
    avatar: null,
  });
  return renderUi(<LateItems report={report} />, { client });
}

describe('LateItems', () => {
  it('links each late item for a gerente, who opens both pages', () => {
    renderAs('Gerente');
    expect(
      screen.getByRole('link', { name: 'OS-2026-000007 · Limpeza' }).getAttribute('href'),
    ).toBe('/tatico/agenda/os/7');
    expect(screen.getByRole('link', { name: 'Trocar filtros' }).getAttribute('href')).toBe(
      '/eproto/protocols/9',
    );
  });

  it('a financeiro sees the late OS as text: its page would refuse them', () => {
    renderAs('Financeiro');
    expect(screen.getByText('OS-2026-000007 · Limpeza')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'OS-2026-000007 · Limpeza' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Trocar filtros' })).toBeTruthy();
  });
});
