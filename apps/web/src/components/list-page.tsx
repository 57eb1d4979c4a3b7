import {
  Card,
  Group,
  Pagination,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

import { LoadMore, type LoadMoreState } from './load-more.tsx';
import { ListEmpty, ListError, ListLoading } from './list-states.tsx';
import { TextInput } from './text-fields.tsx';

/** Below this width a list shows cards instead of a table (Mantine's `sm`). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** A column of the table: its header and what a row shows in it. */
export interface ListColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned (numbers, quantities). */
  right?: boolean;
  w?: number;
  maw?: number;
  /** Keep the cell on one line (codes, dates). */
  nowrap?: boolean;
}

/** The filter bar: a search box (bound to `useListFilters().search`), filters, then actions. */
export function FilterBar({
  search,
  searchLabel,
  placeholder,
  children,
  actions,
}: {
  search?: { text: string; setText: (v: string) => void };
  /** Accessible name of the search box ("Buscar veículos"). */
  searchLabel?: string;
  placeholder?: string;
  /** Selects, switches, segmented controls. */
  children?: ReactNode;
  /** Export, "Novo …" buttons (kept together, on one line while they fit). */
  actions?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="center">
      {search && (
        <TextInput
          placeholder={placeholder}
          aria-label={searchLabel}
          leftSection={<IconSearch size={16} />}
          value={search.text}
          maxLength={120}
          onChange={(e) => search.setText(e.currentTarget.value)}
          flex="1 1 240px"
        />
      )}
      {children}
      {actions && (
        // Together on one line while they fit; on a phone three buttons would push the page
        // wider than the screen (the layout viewport grows and every modal is cut), so they wrap.
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}

interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ListViewProps<T> {
  /** The list's query (loading, error with retry). */
  query: QueryState;
  items: readonly T[] | undefined;
  rowKey: (row: T) => number | string;
  /** The table's columns from tablets up; without them the rows are cards at every width. */
  columns?: ListColumn<T>[];
  /** The card of a row on a phone (and everywhere when there are no columns). */
  card: (row: T) => ReactNode;
  /** Cards side by side, e.g. `{ base: 1, md: 2 }` (default one a line). */
  cardCols?: SimpleGridProps['cols'];
  /** Opening a row (a click on it, a tap on its card); without it rows are not clickable. */
  onOpen?: (row: T) => void;
  /** A row that is a page of its own: its card on a phone is a link there. */
  cardLink?: (row: T) => string;
  /** Accessible name of a row's card button ("Abrir veículo ABC-1234"). */
  cardLabel?: (row: T) => string;
  /** Style of a row and its card (e.g. dimmed when inactive). */
  rowStyle?: (row: T) => CSSProperties | undefined;
  /** The table scrolls sideways below this width. */
  minWidth?: number;
  /** A denser table (a log of many short rows). */
  compact?: boolean;
  empty: { icon: ReactNode; title: string; hint?: string };
  loadingRows?: number;
  /** Paged lists: page of `total` rows, `perPage` each. */
  pagination?: {
    page: number;
    perPage: number;
    total: number;
    onPage: (page: number) => void;
    /** "12 OSs" under the list. */
    count?: (total: number) => string;
  };
  /** Keyset lists (no page numbers): "Carregar mais" under the rows (`components/load-more`). */
  more?: LoadMoreState;
  /** data-testid of each row and card. */
  testId?: string;
}

const cellProps = <T,>(c: ListColumn<T>) => ({
  ta: c.right ? ('right' as const) : undefined,
  w: c.w,
  maw: c.maw,
  style: c.nowrap ? { whiteSpace: 'nowrap' as const } : undefined,
});

/** A row on a phone: a link (cardLink), a button (onOpen) or a plain card. */
function RowCard<T>({ row, p }: { row: T; p: ListViewProps<T> }) {
  const common = {
    withBorder: true,
    radius: 'md',
    padding: 'sm',
    h: '100%',
    'data-testid': p.testId,
  } as const;
  const style = p.rowStyle?.(row) ?? {};
  const children = p.card(row);
  if (p.cardLink) {
    return (
      <Card {...common} component={Link} to={p.cardLink(row)} style={style}>
        {children}
      </Card>
    );
  }
  if (p.onOpen) {
    return (
      <Card
        {...common}
        component="button"
        type="button"
        onClick={() => p.onOpen?.(row)}
        aria-label={p.cardLabel?.(row)}
        style={{ textAlign: 'left', cursor: 'pointer', ...style }}
      >
        {children}
      </Card>
    );
  }
  return (
    <Card {...common} style={style}>
      {children}
    </Card>
  );
}

/**
 * The body of a list page: skeleton while loading, the error with "Tentar novamente", the empty
 * state, then the rows — a table from tablets up and cards on phones (only one of them is in
 * the page) — and the pagination when the list is paged (or "Carregar mais" when it is read
 * by keyset pages).
 */
export function ListView<T>(p: ListViewProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const { query, items, columns } = p;
  if (query.isPending) return <ListLoading rows={p.loadingRows} height={p.compact ? 36 : 56} />;
  if (query.isError || !items) {
    return (
      <ListError
        message={query.error?.message ?? 'Tente novamente.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0) return <ListEmpty {...p.empty} />;
  const pages = p.pagination ? Math.ceil(p.pagination.total / p.pagination.perPage) : 1;

  return (
    <Stack gap="md">
      {phone || !columns ? (
        <SimpleGrid cols={p.cardCols ?? 1} spacing={p.compact ? 'xs' : 'sm'}>
          {items.map((row) => (
            <RowCard key={p.rowKey(row)} row={row} p={p} />
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={p.minWidth ?? 0}>
          <Table verticalSpacing={p.compact ? 'xs' : 'sm'} striped={p.compact} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c, i) => (
                  <Table.Th key={i} {...cellProps(c)}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr
                  key={p.rowKey(row)}
                  data-testid={p.testId}
                  style={{
                    ...(p.onOpen ? { cursor: 'pointer' } : {}),
                    ...(p.rowStyle?.(row) ?? {}),
                  }}
                  onClick={p.onOpen ? () => p.onOpen?.(row) : undefined}
                >
                  {columns.map((c, i) => (
                    <Table.Td key={i} {...cellProps(c)}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {p.more && <LoadMore {...p.more} />}
      {p.pagination && (p.pagination.count || pages > 1) && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {p.pagination.count?.(p.pagination.total)}
          </Text>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(p.pagination.page, pages)}
              onChange={p.pagination.onPage}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
