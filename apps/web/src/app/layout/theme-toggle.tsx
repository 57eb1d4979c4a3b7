import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

import { saveTheme } from '../../features/profile/api/save-theme.ts';

/** Light/dark switch; the choice is remembered under 'eproto-theme'. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => {
          setColorScheme(next);
          saveTheme(next);
        }}
        aria-label={label}
      >
        {scheme === 'dark' ? (
          <IconSun size={20} stroke={1.7} />
        ) : (
          <IconMoon size={20} stroke={1.7} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
