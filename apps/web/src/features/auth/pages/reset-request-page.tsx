import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { AuthScreen } from '../components/auth-screen.tsx';
import { ResetRequestForm } from '../components/reset-request-form.tsx';

/** /reset — standalone page to request a password-reset link. */
export default function ResetRequestPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <AuthScreen title="Verifique seu e-mail">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Text ta="center" size="sm" c="dimmed">
            Abra a mensagem que enviamos e siga o link para criar uma nova senha. O link vale por
            tempo limitado.
          </Text>
          <Button component={Link} to="/login" fullWidth variant="light">
            Voltar para o login
          </Button>
        </Stack>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title="Recuperar acesso" subtitle="Informe o e-mail cadastrado na sua conta">
      <ResetRequestForm onCancel={() => void navigate('/login')} onSent={() => setSent(true)} />
    </AuthScreen>
  );
}
