import { Alert, Box, Center, Code, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { ApiError } from '../lib/api-error.ts';
import { Logo } from './logo.tsx';

interface PublicQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: ApiError | null;
  data: T | undefined;
}

/**
 * The card of the pages opened without sign-in (an asset's QR label, a report's or PMOC's
 * verification, a reported problem's state): the logo, the title, then a loader while the
 * answer comes, `notFound` when the code is unknown (404/400), else what `children` shows.
 * `testId` marks the not-found alert, as the page marks its answer.
 */
export function PublicCard<T>({
  title,
  subtitle,
  query,
  notFound,
  testId,
  children,
}: {
  title: ReactNode;
  /** A line under the title (the OS code once known). */
  subtitle?: ReactNode;
  query: PublicQuery<T>;
  notFound: string;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  const error = query.error;
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={30} />
          <div>
            <Title order={1} fz={{ base: 20, sm: 24 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </div>
          {query.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : query.isError && error ? (
            <Alert color="gray" icon={<IconAlertTriangle size={20} />} data-testid={testId}>
              {error.status === 404 || error.status === 400 ? notFound : error.message}
            </Alert>
          ) : (
            query.data !== undefined && children(query.data)
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A label over its value on a public card; a long value breaks anywhere, an empty one is "—". */
export function PublicFact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The SHA-256 of a sealed document, whole, with how to compare it with the printed one. */
export function SealedHash({ sha256, children }: { sha256: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        SHA-256 do conteúdo selado
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
        {sha256}
      </Code>
      <Text size="sm" mt="xs">
        {children}
      </Text>
    </Box>
  );
}
