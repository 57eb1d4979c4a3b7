import '../../../test/setup-dom.ts';

import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AuthBackground } from '../components/auth-background.tsx';

const slides = (root: HTMLElement) => [...root.querySelectorAll('img')].map((i) => i.src);

describe('sign-in background', () => {
  it('opens with the first illustration only; the next comes once the page is idle', async () => {
    const { container } = render(<AuthBackground />);
    // Each one is an SVG document parsed and laid out on the main thread: not while /login opens.
    expect(slides(container)).toEqual([`${location.origin}/login/slide-1.svg`]);
    await waitFor(() => expect(slides(container)).toHaveLength(2));
    expect(slides(container)[1]).toBe(`${location.origin}/login/slide-2.svg`);
  });
});
