import '../../test/setup-dom.ts';

import { Avatar } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { InitialsAvatar } from '../initials-avatar.tsx';

const NAMES = ['Maria da Silva', 'João Pereira', 'Equipe', 'Ana', 'Técnico de Campo Um', 'Zé'];

describe('InitialsAvatar', () => {
  it('shows the same initials on the same colour as Mantine’s Avatar color="initials"', () => {
    for (const name of NAMES) {
      const { container, unmount } = renderUi(
        <>
          <Avatar name={name} color="initials" size={30} radius="xl" data-testid="mantine" />
          <InitialsAvatar name={name} src={null} size={30} />
        </>,
      );
      const mantine = screen.getByTestId('mantine');
      const ours = container.querySelector<HTMLElement>('[data-initials-color]')!;
      expect(ours.textContent).toBe(mantine.textContent);
      expect(ours.style.background).toBe(mantine.style.getPropertyValue('--avatar-bg'));
      expect(ours.style.color).toBe(mantine.style.getPropertyValue('--avatar-color'));
      unmount();
    }
  });

  it('shows the picture, and the initials when it fails to load', () => {
    const { container } = renderUi(
      <InitialsAvatar name="Maria da Silva" src="/api/files/avatar-1.png" size={30} />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/files/avatar-1.png');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    // Mantine's rule: the first letters of the first two words.
    expect(container.querySelector('[data-initials-color]')!.textContent).toBe('MD');
  });
});
