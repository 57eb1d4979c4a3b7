import type { CSSProperties, ReactNode } from 'react';
import { useEffect } from 'react';

import { Logo } from '../../../components/logo.tsx';
import classes from './auth.module.css';
import { AuthBackground } from './auth-background.tsx';

interface AuthScreenProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

// Mantine's Stack, Title and Text as the elements, classes and CSS variables they render (the
// styles come from Mantine's stylesheet, loaded by every page): /login paints without their
// per-render style work (issue 33; login-form-markup.test.tsx compares them with Mantine's).
const HEADER = {
  '--stack-gap': 'calc(0.375rem * var(--mantine-scale))',
  '--stack-align': 'center',
  '--stack-justify': 'flex-start',
  marginBottom: 'var(--mantine-spacing-lg)',
} as CSSProperties;
const TITLE = {
  '--title-fw': 'var(--mantine-h1-font-weight)',
  '--title-lh': 'var(--mantine-h1-line-height)',
  '--title-fz': 'var(--mantine-h1-font-size)',
} as CSSProperties;
const text = (size: 'sm' | 'xs') =>
  ({
    '--text-fz': `var(--mantine-font-size-${size})`,
    '--text-lh': `var(--mantine-line-height-${size})`,
  }) as CSSProperties;

/** Dark sign-in layout shared by /login, /reset, /reset-password and /accept-invite. */
export function AuthScreen({ title, subtitle, children }: AuthScreenProps) {
  useEffect(() => {
    document.title = `${title} · E-Proto`;
  }, [title]);
  return (
    <div className={classes.screen}>
      <AuthBackground />
      <main className={classes.center}>
        <div className={classes.card}>
          <div className="m_6d731127 mantine-Stack-root" style={HEADER}>
            <Logo size={40} />
            <h1
              className={`m_8a5d1357 mantine-Title-root ${classes.title}`}
              data-order="1"
              style={TITLE}
            >
              {title}
            </h1>
            {subtitle && (
              <p
                className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
                data-size="sm"
                style={{
                  ...text('sm'),
                  color: 'var(--mantine-color-dimmed)',
                  textAlign: 'center',
                }}
              >
                {subtitle}
              </p>
            )}
          </div>
          {children}
        </div>
        <footer
          className={`mantine-focus-auto m_b6d8b162 mantine-Text-root ${classes.footer}`}
          data-size="xs"
          style={text('xs')}
        >
          © {new Date().getFullYear()} E-Proto · Uso interno
        </footer>
      </main>
    </div>
  );
}
