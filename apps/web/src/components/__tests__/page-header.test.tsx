import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { PageHeader } from '../page-header.tsx';

describe('PageHeader', () => {
  it('is the page’s one h1 with what the page is for, and its actions', () => {
    renderUi(
      <PageHeader title="Suporte" description="Seus chamados para a equipe de TI.">
        <button type="button">Novo chamado</button>
      </PageHeader>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Suporte');
    expect(screen.getByText('Seus chamados para a equipe de TI.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo chamado' })).toBeTruthy();
  });

  it('without actions it is only the title and the description', () => {
    const { container } = renderUi(<PageHeader title="Feed" description="O que aconteceu." />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Feed');
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });
});
