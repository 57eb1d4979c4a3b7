import '../../test/setup-dom.ts';

import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';

import { preloadable } from '../preloadable.ts';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      página {n}
    </button>
  );
}

const moduleOf = () => Promise.resolve({ default: Counter });

describe('preloadable', () => {
  it('renders a module that has already arrived at once, without the Suspense fallback', async () => {
    const Page = preloadable(moduleOf);
    await Page.preload();
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Page />
      </Suspense>,
    );
    // Same commit: React.lazy would show "carregando" here, then the page 300 ms later.
    expect(screen.getByRole('button').textContent).toBe('página 0');
    expect(screen.queryByText('carregando')).toBeNull();
  });

  it('is React.lazy while the module is on its way, and keeps its state when it arrives', async () => {
    let arrive!: (m: { default: typeof Counter }) => void;
    const Page = preloadable(
      () => new Promise<{ default: typeof Counter }>((resolve) => (arrive = resolve)),
    );
    const { rerender } = render(
      <Suspense fallback={<p>carregando</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('carregando')).toBeTruthy();
    await act(async () => arrive({ default: Counter }));
    await screen.findByText('página 0');
    act(() => screen.getByRole('button').click());
    // A render after the module arrived does not swap the lazy instance for a new one.
    rerender(
      <Suspense fallback={<p>carregando</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('página 1');
  });

  it('asks for the module once, and again after a failed download', async () => {
    let calls = 0;
    const Page = preloadable(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('rede')) : moduleOf();
    });
    await expect(Page.preload()).rejects.toThrow('rede');
    await Page.preload();
    await Page.preload();
    expect(calls).toBe(2);
  });
});
