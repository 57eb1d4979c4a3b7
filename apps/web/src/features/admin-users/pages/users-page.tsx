import type { AdminUser, Role } from '@eproto/domain';
import { ADMIN_PAGE_SIZE, countOf, roleOf } from '@eproto/domain';
import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBuscaParam } from '../../../lib/use-busca-param.ts';
import { useUsers } from '../api/get-users.ts';
import { EditUserModal } from '../components/edit-user-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { UsersToolbar, type StatusFilter } from '../components/users-toolbar.tsx';

/** /users — list, search, edit, deactivate/reactivate and password reset (ti, administrador). */
export default function UsersPage() {
  const { user: me } = useSession();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('busca') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('ativos');
  const [role, setRole] = useState<Role | null>(null);
  const [page, setPage] = useState(1);
  useBuscaParam((text) => {
    setSearch(text);
    setRole(null);
    setPage(1);
  });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const query = useUsers({
    search: debounced || undefined,
    status,
    role: role ?? undefined,
    page,
    perPage: ADMIN_PAGE_SIZE,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const actorRole = roleOf(me?.rawType ?? me?.type);
  const filtered = debounced !== '' || role !== null || status !== 'todos';

  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Usuários"
        description="Pessoas com acesso ao E-Proto, seus papéis e contratos."
      >
        <Button component={Link} to="/users/invite" leftSection={<IconUserPlus size={18} />}>
          Convidar pessoa
        </Button>
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <UsersToolbar
            search={search}
            onSearch={resetPage(setSearch)}
            status={status}
            onStatus={resetPage(setStatus)}
            role={role}
            onRole={resetPage(setRole)}
          />
          {query.isPending ? (
            <ListLoading rows={6} height={52} />
          ) : query.isError ? (
            <ListError message={query.error.message} onRetry={() => void query.refetch()} />
          ) : data && data.items.length === 0 ? (
            <ListEmpty
              icon={<IconUsers size={24} />}
              title="Nenhum usuário encontrado"
              hint={
                filtered
                  ? 'Ajuste a busca ou os filtros para ver mais pessoas.'
                  : 'Convide a primeira pessoa da equipe.'
              }
            />
          ) : (
            data && (
              <UsersTable
                users={data.items}
                actorId={me?.id ?? 0}
                actorRole={actorRole}
                onEdit={setEditing}
              />
            )
          )}
          {data && data.total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {countOf(data.total, 'usuário', 'usuários')}
              </Text>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
            </Group>
          )}
        </Stack>
      </Paper>

      <EditUserModal
        user={editing}
        actorId={me?.id ?? 0}
        actorRole={actorRole}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
