import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the "Integrações" tab: icon, title, a line on what it is for, its content. */
export function IntegrationSection({
  icon,
  title,
  description,
  actions,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '1 1 16rem' }}>
            <ThemeIcon size={36} radius="md" variant="light">
              {icon}
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Group>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
