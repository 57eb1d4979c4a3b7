import { ActionIcon, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import classes from './chat.module.css';

interface ConversationHeaderProps {
  avatar: ReactNode;
  title: string;
  subtitle?: string;
  onBack: () => void;
}

/** Top of an open conversation; the back arrow shows on phones only. */
export function ConversationHeader({ avatar, title, subtitle, onBack }: ConversationHeaderProps) {
  return (
    <header className={classes.header}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        onClick={onBack}
        aria-label="Voltar às conversas"
      >
        <IconArrowLeft size={20} />
      </ActionIcon>
      {avatar}
      <Group gap={0} style={{ flexDirection: 'column', alignItems: 'flex-start', minWidth: 0 }}>
        <Text fw={650} truncate="end" maw="100%">
          {title}
        </Text>
        {subtitle && (
          <Text size="xs" c="dimmed" truncate="end" maw="100%">
            {subtitle}
          </Text>
        )}
      </Group>
    </header>
  );
}
