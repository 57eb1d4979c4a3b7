import { Tooltip } from '@mantine/core';

import { ThemeButton, useThemeSwitch } from './top-bar-buttons.tsx';

/** Light/dark switch with its tooltip. */
export function ThemeToggle() {
  const { label } = useThemeSwitch();
  return (
    <Tooltip label={label}>
      <ThemeButton />
    </Tooltip>
  );
}
