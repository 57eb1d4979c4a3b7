import type { Theme } from '@eproto/domain';
import {
  Center,
  SegmentedControl,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

import { useUpdateProfile } from '../api/update-profile.ts';

/** Light or dark: applied at once and saved to the account. */
export function ThemeChoice() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const update = useUpdateProfile();
  const choose = (theme: Theme) => {
    setColorScheme(theme);
    update.mutate({ theme });
  };
  return (
    <SegmentedControl
      aria-label="Tema"
      style={{ alignSelf: 'flex-start' }}
      value={scheme}
      onChange={(v) => choose(v)}
      data={[
        {
          value: 'dark',
          label: (
            <Center style={{ gap: 8 }}>
              <IconMoon size={16} /> Escuro
            </Center>
          ),
        },
        {
          value: 'light',
          label: (
            <Center style={{ gap: 8 }}>
              <IconSun size={16} /> Claro
            </Center>
          ),
        },
      ]}
    />
  );
}
