import { countOf } from '@eproto/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A list read by keyset pages: what is loaded, and the way to the older rows. */
export interface LoadMoreState {
  hasMore: boolean;
  loading: boolean;
  /** The last "Carregar mais" failed (the rows already shown stay). */
  error: Error | null;
  onMore: () => void;
  /** "50 registros carregados" under the list. */
  count?: string;
}

/** What `LoadMore` needs of a react-query infinite query. */
interface InfiniteQueryLike {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
}

/**
 * The `more` of a keyset list from its infinite query: "50 registros carregados" while older
 * rows remain, "Todos os 73 registros" at the end (`noun` is a masculine singular/plural pair).
 */
export function loadMoreOf(
  query: InfiniteQueryLike,
  loaded: number,
  [one, many]: readonly [string, string],
): LoadMoreState {
  const count = query.hasNextPage
    ? countOf(loaded, `${one} carregado`, `${many} carregados`)
    : loaded === 1
      ? `1 ${one}`
      : `Todos os ${countOf(loaded, one, many)}`;
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    error: query.isFetchNextPageError ? query.error : null,
    onMore: () => void query.fetchNextPage(),
    count,
  };
}

/**
 * Under a keyset list: the count of rows shown and "Carregar mais" while older rows remain, or
 * the error of the last page with "Tentar novamente". Full width on phones (a thumb's target).
 */
export function LoadMore({ hasMore, loading, error, onMore, count }: LoadMoreState) {
  if (error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Não foi possível carregar mais"
      >
        <Text size="sm" mb="sm">
          {error.message}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onMore} loading={loading}>
          Tentar novamente
        </Button>
      </Alert>
    );
  }
  if (!hasMore && !count) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count}
      </Text>
      {hasMore && (
        <Button
          variant="default"
          onClick={onMore}
          loading={loading}
          w={{ base: '100%', xs: 'auto' }}
          h={44}
        >
          Carregar mais
        </Button>
      )}
    </Group>
  );
}
