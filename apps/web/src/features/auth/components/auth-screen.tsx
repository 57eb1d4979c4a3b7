import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

import { Logo } from '../../../components/logo.tsx';
import classes from './auth.module.css';
import { AuthBackground } from './auth-background.tsx';

interface AuthScreenProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Dark sign-in layout shared by /login, /reset, /reset-password and /accept-invite. */
export function AuthScreen({ title, subtitle, children }: AuthScreenProps) {
  useDocumentTitle(`${title} · E-Proto`);
  return (
    <div className={classes.screen}>
      <AuthBackground />
      <main className={classes.center}>
        <div className={classes.card}>
          <Stack gap={6} align="center" mb="lg">
            <Logo size={40} />
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed" ta="center">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </div>
        <Text component="footer" size="xs" className={classes.footer}>
          © {new Date().getFullYear()} E-Proto · Uso interno
        </Text>
      </main>
    </div>
  );
}
