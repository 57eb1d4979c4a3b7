import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { FilterBar, ListView, type ListViewProps } from '../../../components/list-page.tsx';
import type { ListFilters } from '../../../lib/use-list-filters.ts';

/** What the APR and PT tabs pass down to their list. */
export interface SstListProps {
  manager: boolean;
  onOpen: (id: number) => void;
  onCreate: () => void;
}

/**
 * The APR and PT lists: the search (atividade ou local), the situação (`?situacao=`) and the
 * list's other selects, with "Nova APR"/"Emitir PT" for gestores, then the documents as cards,
 * two a line from `md` up; a card opens its document.
 */
export function SstList<T extends { id: number }>({
  filters,
  statuses,
  children,
  create,
  noun,
  onOpen,
  ...view
}: Pick<ListViewProps<T>, 'query' | 'items' | 'empty' | 'card'> & {
  filters: ListFilters<'situacao'>;
  /** The situações to filter by. */
  statuses: { value: string; label: string }[];
  /** The list's other selects. */
  children?: ReactNode;
  /** The button of gestores ("Nova APR"). */
  create: { label: string; onClick: () => void } | null;
  /** "APR" or "PT": a card is the button "Abrir APR nº 12". */
  noun: string;
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <FilterBar
        search={filters.search}
        searchLabel={`Buscar ${noun}s`}
        placeholder="Buscar por atividade ou local"
        actions={
          create && (
            <Button leftSection={<IconPlus size={16} />} onClick={create.onClick}>
              {create.label}
            </Button>
          )
        }
      >
        <Select
          aria-label="Situação"
          placeholder="Todas as situações"
          clearable
          data={statuses}
          value={filters.values.situacao ?? null}
          onChange={(v) => filters.set({ situacao: v })}
          w={{ base: '100%', xs: 200 }}
        />
        {children}
      </FilterBar>
      <ListView
        {...view}
        rowKey={(row) => row.id}
        cardCols={{ base: 1, md: 2 }}
        onOpen={(row) => onOpen(row.id)}
        cardLabel={(row) => `Abrir ${noun} nº ${row.id}`}
      />
    </>
  );
}
