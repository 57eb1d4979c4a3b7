import { roleOf } from '@eproto/domain';
import { Button, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListView } from '../../../components/list-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvites } from '../api/get-invites.ts';
import { InviteForm } from '../components/invite-form.tsx';
import { InviteOutbox } from '../components/invite-outbox.tsx';
import { InviteCard, inviteColumns } from '../components/invites-list.tsx';

const FILTERS = ['mostrar'] as const;

/** /users/invite — send invitations and manage pending ones (ti, administrador). */
export default function InvitesPage() {
  const { user } = useSession();
  const actorRole = roleOf(user?.rawType ?? user?.type);
  const filters = useListFilters(FILTERS);
  const filter = filters.values.mostrar === 'todos' ? 'todos' : 'pendente';
  const invites = useInvites(filter);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Convites"
        description="Convide pessoas por e-mail; elas definem nome e senha ao aceitar."
      >
        <Button
          component={Link}
          to="/users"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Usuários
        </Button>
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          Novo convite
        </Title>
        <InviteForm actorRole={actorRole} />
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} fz="lg">
            {filter === 'pendente' ? 'Convites pendentes' : 'Todos os convites'}
          </Title>
          <SegmentedControl
            aria-label="Quais convites mostrar"
            data={[
              { value: 'pendente', label: 'Pendentes' },
              { value: 'todos', label: 'Todos' },
            ]}
            value={filter}
            onChange={(v) => filters.set({ mostrar: v === 'todos' ? v : null })}
          />
        </Group>
        <ListView
          query={invites}
          items={invites.data}
          rowKey={(i) => i.id}
          columns={inviteColumns(actorRole)}
          card={(i) => <InviteCard invite={i} actorRole={actorRole} />}
          minWidth={860}
          loadingRows={3}
          empty={
            filter === 'pendente'
              ? {
                  icon: <IconMail size={24} />,
                  title: 'Nenhum convite pendente.',
                  hint: 'Os convites enviados aparecem aqui até serem aceitos.',
                }
              : { icon: <IconMail size={24} />, title: 'Nenhum convite enviado ainda.' }
          }
        />
      </Paper>

      {actorRole === 'ti' && <InviteOutbox />}
    </Stack>
  );
}
