import { roleOf } from '@eproto/domain';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { useInvites, type InviteListFilter } from '../api/get-invites.ts';
import { InviteForm } from '../components/invite-form.tsx';
import { InviteOutbox } from '../components/invite-outbox.tsx';
import { InvitesList } from '../components/invites-list.tsx';

/** /users/invite — send invitations and manage pending ones (ti, administrador). */
export default function InvitesPage() {
  const { user } = useSession();
  const actorRole = roleOf(user?.rawType ?? user?.type);
  const [filter, setFilter] = useState<InviteListFilter>('pendente');
  const invites = useInvites(filter);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Convites
          </Title>
          <Text c="dimmed" size="sm">
            Convide pessoas por e-mail; elas definem nome e senha ao aceitar.
          </Text>
        </div>
        <Button
          component={Link}
          to="/users"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Usuários
        </Button>
      </Group>

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
            onChange={(v) => setFilter(v)}
          />
        </Group>
        {invites.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando...">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={52} radius="md" />
            ))}
          </Stack>
        ) : invites.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Erro ao carregar"
          >
            <Text size="sm" mb="sm">
              {invites.error.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void invites.refetch()}>
              Tentar novamente
            </Button>
          </Alert>
        ) : invites.data.length === 0 ? (
          <Center py={40}>
            <Text c="dimmed" ta="center">
              {filter === 'pendente'
                ? 'Nenhum convite pendente. Os convites enviados aparecem aqui até serem aceitos.'
                : 'Nenhum convite enviado ainda.'}
            </Text>
          </Center>
        ) : (
          <InvitesList invites={invites.data} actorRole={actorRole} />
        )}
      </Paper>

      {actorRole === 'ti' && <InviteOutbox />}
    </Stack>
  );
}
