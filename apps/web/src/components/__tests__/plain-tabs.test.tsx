import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { PlainTabs, tabFromKey } from '../plain-tabs.tsx';

const TABS = [
  { value: 'checklist', label: 'Checklist 1/3' },
  { value: 'fotos', label: 'Fotos (2)' },
  { value: 'conversa', label: 'Conversa' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function Harness({ start = 'checklist' }: { start?: Tab }) {
  const [tab, setTab] = useState<Tab>(start);
  return (
    <PlainTabs label="Partes da OS" tabs={TABS} value={tab} onChange={setTab}>
      <p>painel {tab}</p>
    </PlainTabs>
  );
}

describe('PlainTabs', () => {
  it('is a named tablist; the selected tab labels the one panel rendered', async () => {
    renderUi(<Harness start="fotos" />);
    const list = screen.getByRole('tablist', { name: 'Partes da OS' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Checklist 1/3', 'Fotos (2)', 'Conversa']);
    expect(tabs.every((t) => list.contains(t))).toBe(true);
    const fotos = screen.getByRole('tab', { name: 'Fotos (2)' });
    expect(fotos.getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((t) => t.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    // One tab in the Tab order: the selected one.
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Fotos (2)' });
    expect(panel.textContent).toBe('painel fotos');
    expect(fotos.getAttribute('aria-controls')).toBe(panel.id);
    // The static class names global.css and the shell's selected-tab-in-view hook look for.
    expect(list.classList.contains('mantine-Tabs-list')).toBe(true);
    expect(fotos.classList.contains('mantine-Tabs-tab')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Conversa' }));
    expect(screen.getByRole('tabpanel', { name: 'Conversa' }).textContent).toBe('painel conversa');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('the arrows move and select (looping), Home and End go to the ends', async () => {
    renderUi(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('Checklist 1/3'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Fotos (2)'));
    expect(tab('Fotos (2)').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Conversa'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Checklist 1/3'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Conversa').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Home}');
    expect(tab('Checklist 1/3').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('painel checklist');
  });

  it('tabFromKey: other keys do nothing', () => {
    expect(tabFromKey('ArrowDown', 1, 3)).toBeNull();
    expect(tabFromKey('a', 0, 3)).toBeNull();
    expect(tabFromKey('ArrowLeft', 0, 3)).toBe(2);
  });
});
