import { fieldPeopleQuery, roleOf, textMaxLength } from '@eproto/domain';
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconSearch, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { usePeopleSearch } from '../../../components/pickers/people.ts';
import { TextInput } from '../../../components/text-fields.tsx';

const NO_FILTERS = [] as const;

/**
 * People of the company (field team first); each opens their ficha de EPI. The search box is
 * the server's list search (`?q=` of /tatico/pessoas: name or e-mail, accents and case
 * ignored), kept in the URL's `?busca=` like every list page.
 */
export function FichasTab() {
  const filters = useListFilters(NO_FILTERS);
  const people = usePeopleSearch(filters.search.value);
  const list = [...(people.data ?? [])].sort(
    (a, b) => Number(roleOf(b.role) === 'equipe') - Number(roleOf(a.role) === 'equipe'),
  );

  return (
    <Stack gap="md">
      <TextInput
        placeholder="Buscar colaborador"
        aria-label="Buscar colaborador"
        leftSection={<IconSearch size={16} />}
        maxLength={textMaxLength(fieldPeopleQuery, 'q')}
        value={filters.search.text}
        onChange={(e) => filters.search.setText(e.currentTarget.value)}
      />
      {people.isPending ? (
        <ListLoading />
      ) : people.isError ? (
        <ListError message={people.error.message} onRetry={() => void people.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty icon={<IconUsers size={24} />} title="Ninguém encontrado" />
      ) : (
        <Stack gap={4}>
          {list.map((p) => (
            <UnstyledButton
              key={p.id}
              component={Link}
              to={`/tatico/epi?ficha=${p.id}`}
              p="xs"
              style={{ borderRadius: 8 }}
              className="epi-person"
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Avatar name={p.nome} color="initials" size={32} radius="xl" />
                  <div>
                    <Text size="sm" fw={500}>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.role}
                    </Text>
                  </div>
                </Group>
                <Group gap={4} c="dimmed">
                  <Text size="xs">Ficha de EPI</Text>
                  <IconChevronRight size={16} />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
