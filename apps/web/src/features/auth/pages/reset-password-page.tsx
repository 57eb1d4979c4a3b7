import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { usePasswordResetInfo } from '../api/get-password-reset.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { InvalidLink } from '../components/invalid-link.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';
import { authErrorMessage } from '../utils/auth-messages.ts';

const INVALID = 'Link inválido ou expirado.';

/** /reset-password?token= — checks the link, then asks for the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const info = usePasswordResetInfo(token);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthScreen title="Senha atualizada">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconShieldCheck size={30} />
          </ThemeIcon>
          <Text ta="center" size="sm" c="dimmed">
            Sua nova senha já está valendo. Entre com ela para continuar.
          </Text>
          <Button component={Link} to="/login" fullWidth size="md" variant="gradient">
            Ir para o login
          </Button>
        </Stack>
      </AuthScreen>
    );
  }

  if (token === '' || info.isError) {
    return (
      <AuthScreen title="Redefinir senha">
        <InvalidLink
          message={token === '' ? INVALID : authErrorMessage(info.error, INVALID)}
          actionLabel="Solicitar novo link"
          to="/reset"
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Redefinir senha"
      subtitle={info.data ? `Crie uma nova senha para ${info.data.email}` : 'Verificando o link...'}
    >
      {!info.data ? (
        <Center py="lg">
          <Loader size="sm" type="dots" aria-label="Carregando..." />
        </Center>
      ) : (
        <ResetPasswordForm token={token} email={info.data.email} onDone={() => setDone(true)} />
      )}
    </AuthScreen>
  );
}
