import '@mantine/spotlight/styles.css';

import { CloseButton, Group, Loader } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

import { isSearchable, useGlobalSearch } from '../api/search-all.ts';
import { readRecentSearches, rememberSearch } from '../utils/recent-searches.ts';
import { AreaIcon } from './area-icon.tsx';
import classes from './global-search.module.css';

export interface GlobalSearchProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
}

/** Milliseconds without typing before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The search panel (Mantine Spotlight): results grouped by area, recent searches when empty. */
export default function GlobalSearch({ opened, onClose, userId }: GlobalSearchProps) {
  const [[store, actions]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [recent, setRecent] = useState(() => readRecentSearches(userId));
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const result = useGlobalSearch(debounced);

  useEffect(() => {
    if (opened) actions.open();
    else actions.close();
  }, [opened, actions]);

  // Every opening starts empty, with the recent searches.
  const close = () => {
    setQuery('');
    onClose();
  };

  const waiting = isSearchable(query) && (debounced !== query || result.isFetching);
  const groups = isSearchable(query) ? (result.data?.groups ?? []) : [];

  const go = (link: string) => {
    setRecent(rememberSearch(userId, query));
    close();
    void navigate(link);
  };

  // Enter with nothing chosen by the arrows opens the first result.
  const first = groups[0]?.items[0];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !waiting && first && store.getState().selected === -1) {
      go(first.link);
    }
  };

  const typed = query.trim() !== '';
  const answered = !waiting && result.data?.q === query.trim();

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={close}
      fullScreen={phone}
      scrollable
      maxHeight={phone ? 'calc(100dvh - 80px)' : '65vh'}
      classNames={{ search: classes.search, action: classes.action }}
    >
      <Spotlight.Search
        placeholder="Buscar…"
        aria-label="Buscar"
        leftSection={<IconSearch size={20} stroke={1.6} />}
        rightSection={
          <Group gap={4} wrap="nowrap">
            {waiting && <Loader size="xs" aria-label="Buscando" />}
            {/* Full screen on a phone: no Esc key and no backdrop to tap, so a close button. */}
            {phone && (
              <CloseButton
                aria-label="Fechar busca"
                className={classes.close}
                size="lg"
                onClick={close}
              />
            )}
          </Group>
        }
        rightSectionWidth={phone ? 84 : 40}
        rightSectionPointerEvents="all"
        onKeyDown={onKeyDown}
      />
      <Spotlight.ActionsList aria-label="Resultados da busca">
        {!typed && recent.length > 0 && (
          <Spotlight.ActionsGroup label="Buscas recentes" role="group" aria-label="Buscas recentes">
            {recent.map((r) => (
              <Spotlight.Action
                key={r}
                label={r}
                leftSection={<IconHistory size={18} stroke={1.6} />}
                closeSpotlightOnTrigger={false}
                onClick={() => setQuery(r)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {!typed && recent.length === 0 && (
          <Spotlight.Empty>
            Busque demandas, tarefas, contratos, pessoas, placas, itens e solicitações.
          </Spotlight.Empty>
        )}
        {typed && !isSearchable(query) && (
          <Spotlight.Empty>Digite ao menos 2 letras.</Spotlight.Empty>
        )}
        {groups.map((g) => (
          // The label is drawn by CSS; role and aria-label name the group for screen readers.
          <Spotlight.ActionsGroup key={g.area} label={g.label} role="group" aria-label={g.label}>
            {g.items.map((item) => (
              <Spotlight.Action
                key={`${g.area}-${item.id}`}
                label={item.title}
                description={item.subtitle ?? undefined}
                leftSection={<AreaIcon area={g.area} />}
                onClick={() => go(item.link)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {answered && groups.length === 0 && <Spotlight.Empty>Nenhum resultado</Spotlight.Empty>}
        {result.isError && !waiting && (
          <Spotlight.Empty>Não foi possível buscar agora. Tente novamente.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
