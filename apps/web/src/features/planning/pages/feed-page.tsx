import { Button, Center, Divider, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconTimelineEvent } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';

import { PageHeader } from '../../../components/page-header.tsx';
import { useFeed } from '../api/get-feed.ts';
import { ViewEmpty, ViewError } from '../components/view-states.tsx';
import { FeedEntry } from '../feed/feed-item.tsx';
import { byDay, dayHeading } from '../feed/feed-meta.ts';

/** /eproto/feed: newest-first stream of what happened on the demands and tasks in scope. */
export default function FeedPage() {
  const feed = useFeed();
  const items = useMemo(() => feed.data?.pages.flatMap((p) => p.items) ?? [], [feed.data]);
  const days = useMemo(() => byDay(items), [items]);
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title="Feed"
        description="O que aconteceu nas demandas e tarefas que você acompanha, do mais recente ao mais antigo."
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        {feed.isPending ? (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando...">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={52} radius="md" />
            ))}
          </Stack>
        ) : feed.isError && items.length === 0 ? (
          <ViewError message={feed.error.message} onRetry={() => void feed.refetch()} />
        ) : items.length === 0 ? (
          <ViewEmpty
            icon={<IconTimelineEvent size={22} />}
            title="Nada por aqui ainda"
            hint="Quando alguém mexer em uma demanda ou tarefa que você acompanha, aparece aqui."
          />
        ) : (
          <Stack gap={0}>
            {days.map((d) => (
              <section key={d.day} aria-label={dayHeading(d.day)}>
                <Divider
                  label={dayHeading(d.day)}
                  labelPosition="left"
                  my="xs"
                  styles={{ label: { fontWeight: 600 } }}
                />
                {d.items.map((item) => (
                  <FeedEntry key={item.key} item={item} />
                ))}
              </section>
            ))}
            <div ref={ref} />
            <Center py="md">
              {isFetchingNextPage ? (
                <Loader size="sm" type="dots" aria-label="Carregando mais" />
              ) : hasNextPage ? (
                <Button variant="subtle" size="xs" onClick={() => void fetchNextPage()}>
                  Carregar mais
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  Isso é tudo.
                </Text>
              )}
            </Center>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
