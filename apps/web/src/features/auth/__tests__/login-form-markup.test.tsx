import '../../../test/setup-dom.ts';

import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Logo } from '../../../components/logo.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { AuthScreen } from '../components/auth-screen.tsx';
import classes from '../components/auth.module.css';
import { LoginForm } from '../components/login-form.tsx';

// /login's form and its header are plain markup that copies what Mantine's components
// render, and Mantine's stylesheet draws them (issue 33). These are the Mantine components they
// replaced, with the same props: the same elements, classes, data attributes, ARIA and inline
// styles means the same look. A Mantine upgrade that changes its markup fails here.

/** Attributes that carry generated ids: compared by presence, not value. */
const ID_ATTRS = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby']);

/** An element tree as text: tag, sorted attributes, classes and style declarations. */
function canonical(node: Element, depth = 0): string {
  const attrs: string[] = [];
  for (const { name, value } of [...node.attributes]) {
    if (ID_ATTRS.has(name)) attrs.push(`${name}=…`);
    else if (value.startsWith('url(#')) attrs.push(`${name}=url(#…)`);
    // Mantine names PasswordInput's root twice: compared as a set.
    else if (name === 'class')
      attrs.push(`class=${[...new Set(value.split(/\s+/).filter(Boolean))].sort().join('.')}`);
    else if (name === 'style') {
      const style = (node as HTMLElement).style;
      const decls = [...Array(style.length).keys()].map(
        (i) => `${style.item(i)}:${style.getPropertyValue(style.item(i))}`,
      );
      attrs.push(`style{${decls.sort().join(';')}}`);
    } else attrs.push(`${name}=${value}`);
  }
  const pad = '  '.repeat(depth);
  const text = [...node.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())
    .map((n) => n.textContent!.trim())
    .join(' ');
  const line = `${pad}<${node.tagName.toLowerCase()} ${attrs.sort().join(' ')}>${text}`;
  return [line, ...[...node.children].map((c) => canonical(c, depth + 1))].join('\n');
}

function markup(ui: ReactNode): string {
  const { container, unmount } = renderUi(<>{ui}</>, { route: '/login' });
  const text = [...container.children].map((c) => canonical(c)).join('\n');
  unmount();
  return text;
}

/** The form as it was, in Mantine's components (login-form.tsx before issue 33's cut). */
function MantineForm(props: {
  emailError?: string;
  passwordError?: string;
  inlineError?: string;
  loading?: boolean;
  visible?: boolean;
}) {
  return (
    <form noValidate aria-label="Entrar no E-Proto">
      <Stack gap="md">
        <TextInput
          name="email"
          type="email"
          label="E-mail"
          placeholder="Usuário"
          autoComplete="username"
          required
          size="md"
          leftSection={<IconAt size={18} />}
          value=""
          onChange={() => {}}
          error={props.emailError}
        />
        <PasswordInput
          name="password"
          label="Senha"
          placeholder="Sua senha"
          autoComplete="current-password"
          required
          size="md"
          leftSection={<IconLock size={18} />}
          value=""
          onChange={() => {}}
          error={props.passwordError}
          visible={props.visible}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha' }}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm">
            Esqueci minha senha
          </Anchor>
        </Group>
        {props.inlineError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            py="xs"
          >
            {props.inlineError}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={props.loading} variant="gradient">
          ENTRAR
        </Button>
      </Stack>
    </form>
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input) === '/api/auth/login'
        ? jsonResponse({ error: 'x', code: 'UNAUTHORIZED' }, 401)
        : jsonResponse({}, 401),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.clearAllMocks());

/** Our form's markup once `act` has put it in a state. */
async function ours(act?: () => Promise<void> | void): Promise<string> {
  const { container, unmount } = renderUi(<LoginForm onForgotPassword={() => {}} />, {
    route: '/login',
  });
  await act?.();
  const text = [...container.children].map((c) => canonical(c)).join('\n');
  unmount();
  return text;
}

const enter = () => fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));

describe('the plain /login form renders what Mantine rendered', () => {
  it('as it opens', async () => {
    expect(await ours()).toBe(markup(<MantineForm />));
  });

  it('with both fields missing', async () => {
    const text = await ours(() => {
      enter();
    });
    expect(text).toBe(
      markup(<MantineForm emailError="Informe o e-mail." passwordError="Informe a senha." />),
    );
  });

  it('with the password shown', async () => {
    const text = await ours(() => {
      fireEvent.mouseDown(screen.getByRole('button', { name: 'Mostrar ou ocultar senha' }));
    });
    expect(text).toBe(markup(<MantineForm visible />));
  });

  it('while signing in, and with "Credenciais inválidas" after a 401', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { container, unmount } = renderUi(<LoginForm onForgotPassword={() => {}} />, {
      route: '/login',
    });
    fireEvent.change(screen.getByPlaceholderText('Usuário'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'x' } });
    enter();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'ENTRAR' })).toHaveProperty('disabled', true),
    );
    const loading = [...container.children].map((c) => canonical(c)).join('\n');
    answer(jsonResponse({ error: 'x', code: 'UNAUTHORIZED' }, 401));
    await screen.findByRole('alert');
    const refused = [...container.children].map((c) => canonical(c)).join('\n');
    unmount();
    const values = (text: string) => text.replace(/ value=[^ >]*/g, '');
    expect(values(loading)).toBe(values(markup(<MantineForm loading />)));
    expect(values(refused)).toBe(
      values(markup(<MantineForm inlineError="Credenciais inválidas" />)),
    );
  });
});

describe('the plain header renders what Mantine rendered', () => {
  it('AuthScreen', () => {
    const parts = (root: Element) =>
      [root.querySelector('.mantine-Stack-root')!, root.querySelector('footer')!]
        .map((e) => canonical(e))
        .join('\n');
    const { container, unmount } = renderUi(
      <AuthScreen title="Acesse sua conta" subtitle="Gestão">
        {null}
      </AuthScreen>,
      { route: '/login' },
    );
    const header = parts(container);
    unmount();
    const reference = renderUi(
      <div>
        <Stack gap={6} align="center" mb="lg">
          <Logo size={40} />
          <Title order={1} className={classes.title}>
            Acesse sua conta
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            Gestão
          </Text>
        </Stack>
        <Text component="footer" size="xs" className={classes.footer}>
          © {new Date().getFullYear()} E-Proto · Uso interno
        </Text>
      </div>,
      { route: '/login' },
    );
    expect(header).toBe(parts(reference.container));
  });
});
