import { Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';

import classes from './chat.module.css';

/** Right pane before a conversation is chosen. */
export function ChatPlaceholder({ title, hint }: { title: string; hint: string }) {
  return (
    <div className={classes.placeholder}>
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMessages size={28} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={360}>
        {hint}
      </Text>
    </div>
  );
}
