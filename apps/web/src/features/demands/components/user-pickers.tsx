import type { UserRef } from '@eproto/domain';
import type { ComboboxItem } from '@mantine/core';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';

import { useUserSearch } from '../../../components/pickers/user-search.ts';

export interface PersonRef {
  id: number;
  nome: string;
}

interface Common {
  label?: string;
  placeholder?: string;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
  /** Only people linked to this contract. */
  contractId?: number | undefined;
  /** People not offered (already participants, ...). */
  excludeIds?: readonly number[];
}

function useOptions(search: string, known: readonly PersonRef[], c: Common, enabled: boolean) {
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useUserSearch(debounced, { contractId: c.contractId, enabled });
  const data = useMemo(() => {
    const out = new Map<string, ComboboxItem>();
    for (const p of known) out.set(String(p.id), { value: String(p.id), label: p.nome });
    for (const u of query.data ?? []) {
      if (c.excludeIds?.includes(u.id)) continue;
      out.set(String(u.id), { value: String(u.id), label: `${u.nome}` });
    }
    return [...out.values()];
  }, [known, query.data, c.excludeIds]);
  const nothing = query.isFetching ? 'Carregando...' : 'Ninguém encontrado';
  return { data, nothing, results: query.data ?? [] };
}

/** Picks one active person by name or e-mail (server search). */
export function UserSelect({
  value,
  current,
  onChange,
  clearable = true,
  ...c
}: Common & {
  value: number | null;
  /** The chosen person's name, when known, so the field shows it before any search. */
  current?: PersonRef | null;
  onChange: (id: number | null, user: UserRef | null) => void;
  clearable?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<PersonRef | null>(current ?? null);
  const known = useMemo(() => (picked ? [picked] : []), [picked]);
  const { data, nothing, results } = useOptions(search, known, c, opened);
  return (
    <Select
      label={c.label}
      placeholder={c.placeholder ?? 'Buscar por nome ou e-mail'}
      description={c.description}
      error={c.error}
      disabled={c.disabled}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={nothing}
      onChange={(v) => {
        const id = v ? Number(v) : null;
        const user = results.find((u) => u.id === id) ?? null;
        setPicked(id === null ? null : { id, nome: user?.nome ?? picked?.nome ?? '' });
        onChange(id, user);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Picks several active people (board participants, demand participants). */
export function UserMultiSelect({
  value,
  known,
  onChange,
  ...c
}: Common & {
  value: number[];
  /** Names of people already chosen (the field shows them without searching). */
  known: readonly PersonRef[];
  onChange: (ids: number[], people: PersonRef[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [names, setNames] = useState<PersonRef[]>([...known]);
  const allKnown = useMemo(() => {
    const byId = new Map<number, PersonRef>();
    for (const p of [...known, ...names]) byId.set(p.id, p);
    return [...byId.values()];
  }, [known, names]);
  const { data, nothing, results } = useOptions(search, allKnown, c, opened);
  return (
    <MultiSelect
      label={c.label}
      placeholder={value.length === 0 ? (c.placeholder ?? 'Buscar por nome ou e-mail') : undefined}
      description={c.description}
      error={c.error}
      disabled={c.disabled}
      data={data}
      value={value.map(String)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options }) => options}
      nothingFoundMessage={nothing}
      hidePickedOptions
      onChange={(vals) => {
        const ids = vals.map(Number);
        const extra = results
          .filter((u) => ids.includes(u.id))
          .map((u) => ({ id: u.id, nome: u.nome }));
        const next = [...allKnown, ...extra];
        setNames(next);
        onChange(
          ids,
          ids.map((id) => next.find((p) => p.id === id) ?? { id, nome: `#${id}` }),
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
