import { formatDateBr } from '@eproto/domain';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { StageBadge } from '../../../components/work-badges.tsx';
import { useRecurrenceInstances } from '../api/get-recurrence-instances.ts';

/** The demands of a series, numbered, with their date and stage; the current one is marked. */
export function RecurrenceInstances({
  seriesId,
  currentId,
}: {
  seriesId: number;
  currentId: number;
}) {
  const list = useRecurrenceInstances(seriesId);
  if (list.isPending) return <Skeleton height={60} radius="md" />;
  if (list.isError) {
    return (
      <Text size="sm" c="red">
        Não foi possível carregar as ocorrências. {list.error.message}
      </Text>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma ocorrência visível para você.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.map((i) => (
        <Group key={i.mural_id} component="li" gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text size="sm" c="dimmed" w={28} ta="right">
              {i.seq}ª
            </Text>
            <Anchor
              component={Link}
              to={`/eproto/murals/${i.mural_id}`}
              size="sm"
              fw={i.mural_id === currentId ? 700 : 400}
            >
              {formatDateBr(i.data_ocorrencia)}
            </Anchor>
            {i.mural_id === currentId && (
              <Badge size="xs" variant="outline">
                esta
              </Badge>
            )}
          </Group>
          <StageBadge stage={i.stage} size="sm" />
        </Group>
      ))}
    </Stack>
  );
}
