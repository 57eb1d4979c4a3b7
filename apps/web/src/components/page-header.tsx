import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title (the one h1) and what the page is for; `children` are its actions, at the right. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <div>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </div>
  );
  if (!children) return heading;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {heading}
      {children}
    </Group>
  );
}
