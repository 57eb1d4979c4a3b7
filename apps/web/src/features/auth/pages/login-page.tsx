import { landingPathFor } from '@eproto/domain';
import { lazy, Suspense, useEffect, useState } from 'react';

import { hardRedirect } from '../../../lib/navigation.ts';
import { useSessionProbe } from '../api/get-session-probe.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { finishSignIn } from '../utils/finish-sign-in.ts';

// The modal (and Mantine's Modal code) downloads only when "Esqueci minha senha" is used.
const ForgotPasswordModal = lazy(() => import('../components/forgot-password-modal.tsx'));
// Single sign-on (its question to the server and its button) stays out of /login's first JS.
const SsoSignIn = lazy(() => import('../components/sso-sign-in.tsx'));

/** `?sso=` of the address the provider's sign-in ends on (kept: a remount reads it again). */
function ssoParam(): string | null {
  return new URLSearchParams(window.location.search).get('sso');
}

/**
 * The session check of /login and what depends on its answer (the move on of someone already
 * signed in, the single sign-on part under the form). Its own component, so the answer (a 401
 * for nearly everyone who opens /login) renders this part only, not the screen and the form:
 * that render was a long task of its own on a 4x slower phone (issue 33).
 */
function SessionProbe({ sso }: { sso: string | null }) {
  const probe = useSessionProbe();

  useEffect(() => {
    if (!probe.data) return;
    // Back from the provider signed in: the same steps as a password sign-in.
    // 'ok' is the domain's SSO_OK, written out: importing sso.ts here would pull its messages
    // (used by the lazy SsoSignIn) into /login's first JS.
    if (sso === 'ok') void finishSignIn(probe.data);
    else hardRedirect(landingPathFor(probe.data.rawType));
  }, [probe.data, sso]);

  return (
    <Suspense fallback={null}>
      <SsoSignIn sso={sso} signInFailed={probe.isError} />
    </Suspense>
  );
}

/** /login — always dark, no shell. Someone already signed in is sent on by role. */
export default function LoginPage() {
  const [reset, setReset] = useState<{ opened: boolean; email: string } | null>(null);
  const [sso] = useState(ssoParam);

  return (
    <AuthScreen title="Acesse sua conta" subtitle="Gestão de operações, equipes e projetos">
      <LoginForm onForgotPassword={(email) => setReset({ opened: true, email })} />
      <SessionProbe sso={sso} />
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
