import { landingPathFor } from '@eproto/domain';
import { lazy, Suspense, useEffect, useState } from 'react';

import { hardRedirect } from '../../../lib/navigation.ts';
import { useSessionProbe } from '../api/get-session-probe.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { LoginForm } from '../components/login-form.tsx';

// The modal (and Mantine's Modal code) downloads only when "Esqueci minha senha" is used.
const ForgotPasswordModal = lazy(() => import('../components/forgot-password-modal.tsx'));

/** /login — always dark, no shell. Someone already signed in is sent on by role. */
export default function LoginPage() {
  const probe = useSessionProbe();
  const [reset, setReset] = useState<{ opened: boolean; email: string } | null>(null);

  useEffect(() => {
    if (probe.data) hardRedirect(landingPathFor(probe.data.rawType));
  }, [probe.data]);

  return (
    <AuthScreen title="Acesse sua conta" subtitle="Gestão de operações, equipes e projetos">
      <LoginForm onForgotPassword={(email) => setReset({ opened: true, email })} />
      {reset && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened={reset.opened}
            initialEmail={reset.email}
            onClose={() => setReset({ ...reset, opened: false })}
          />
        </Suspense>
      )}
    </AuthScreen>
  );
}
