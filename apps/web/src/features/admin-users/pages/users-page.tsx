import type { AdminUser, Role } from '@eproto/domain';
import { ADMIN_PAGE_SIZE, countOf, roleOf } from '@eproto/domain';
import { Button, Paper, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ListView } from '../../../components/list-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBuscaParam } from '../../../lib/use-busca-param.ts';
import { useUsers } from '../api/get-users.ts';
import { EditUserModal } from '../components/edit-user-modal.tsx';
import { UserCard, userColumns } from '../components/users-table.tsx';
import { UsersToolbar, type StatusFilter } from '../components/users-toolbar.tsx';

/** A tab another area plugs in from the route layer (ti: "Integrações"). */
export interface UsersExtraTab {
  value: string;
  label: string;
  icon: ReactNode;
  render: () => ReactNode;
}

/**
 * /users — list, search, edit, deactivate/reactivate and password reset (ti, administrador).
 * `extraTabs` come from app/pages; without them the page is the list alone, as in SPEC.
 */
export default function UsersPage({ extraTabs = [] }: { extraTabs?: UsersExtraTab[] }) {
  const { user: me } = useSession();
  const [params, setParams] = useSearchParams();
  const current = params.get('aba');
  const tab = extraTabs.some((t) => t.value === current) ? current! : 'pessoas';
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
  const actorRole = roleOf(me?.rawType ?? me?.type);
  const actions = { actorId: me?.id ?? 0, actorRole, onEdit: setEditing };
  const filtered = debounced !== '' || role !== null || status !== 'todos';

  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const list = (
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
        <ListView
          query={query}
          items={query.data?.items}
          rowKey={(u) => u.id}
          columns={userColumns(actions)}
          card={(u) => <UserCard user={u} {...actions} />}
          rowStyle={(u) => (u.active ? undefined : { opacity: 0.65 })}
          minWidth={820}
          loadingRows={6}
          empty={{
            icon: <IconUsers size={24} />,
            title: 'Nenhum usuário encontrado',
            hint: filtered
              ? 'Ajuste a busca ou os filtros para ver mais pessoas.'
              : 'Convide a primeira pessoa da equipe.',
          }}
          pagination={{
            page,
            perPage: ADMIN_PAGE_SIZE,
            total: query.data?.total ?? 0,
            onPage: setPage,
            count: (n) => countOf(n, 'usuário', 'usuários'),
          }}
        />
      </Stack>
    </Paper>
  );

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

      {extraTabs.length === 0 ? (
        list
      ) : (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'pessoas' ? { aba: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="pessoas" leftSection={<IconUsers size={16} />}>
              Pessoas
            </Tabs.Tab>
            {extraTabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="pessoas">{list}</Tabs.Panel>
          {extraTabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.render()}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <EditUserModal
        user={editing}
        actorId={me?.id ?? 0}
        actorRole={actorRole}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
