import { Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

import { useInviteInfo } from '../api/get-invite.ts';
import { AcceptInviteForm } from '../components/accept-invite-form.tsx';
import { AuthScreen } from '../components/auth-screen.tsx';
import { InvalidLink } from '../components/invalid-link.tsx';
import { authErrorMessage } from '../utils/auth-messages.ts';

const INVALID = 'Convite inválido ou expirado.';

/** /accept-invite?token= — shows the invitation, then name and password to create the account. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const info = useInviteInfo(token);

  if (token === '' || info.isError) {
    return (
      <AuthScreen title="Aceitar convite">
        <InvalidLink
          message={token === '' ? INVALID : authErrorMessage(info.error, INVALID)}
          actionLabel="Ir para o login"
          to="/login"
        />
      </AuthScreen>
    );
  }

  if (info.isPending) {
    return (
      <AuthScreen title="Aceitar convite" subtitle="Verificando o convite...">
        <Center py="lg">
          <Loader size="sm" type="dots" aria-label="Carregando..." />
        </Center>
      </AuthScreen>
    );
  }

  const invite = info.data;
  return (
    <AuthScreen title="Boas-vindas ao E-Proto" subtitle="Complete seu cadastro para começar">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="sm" bg="rgba(255,255,255,0.03)">
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMail size={18} style={{ flexShrink: 0, marginTop: 2, opacity: 0.7 }} />
            <Stack gap={6} miw={0}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {invite.email}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  Perfil
                </Text>
                <Badge variant="light" radius="sm" size="sm">
                  {invite.role}
                </Badge>
              </Group>
            </Stack>
          </Group>
        </Paper>
        <AcceptInviteForm token={token} email={invite.email} initialName={invite.nome ?? ''} />
      </Stack>
    </AuthScreen>
  );
}
