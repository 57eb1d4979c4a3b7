import { MSG } from '@eproto/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';

import { isApiStatus } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { loginErrorMessage } from '../utils/auth-messages.ts';
import { finishSignIn } from '../utils/finish-sign-in.ts';
import type { LoginErrors, LoginValues } from '../utils/login-validation.ts';
import { validateLogin } from '../utils/login-validation.ts';
import { TextInput } from '../../../components/text-fields.tsx';

interface LoginFormProps {
  /** Opens the "Recuperar acesso" modal with what was typed in the e-mail field. */
  onForgotPassword: (email: string) => void;
}

/** Sign-in form of /login with the SPEC.md §8 messages. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [inlineError, setInlineError] = useState<string | null>(null);

  const change = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (inlineError) setInlineError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setInlineError(null);
    if (found.email || found.password) return;
    try {
      const result = await loginMutation.mutateAsync({
        email: values.email.trim().toLowerCase(),
        password: values.password,
      });
      const user = result?.user;
      if (!user) {
        toastError(MSG.loginNoUser);
        return;
      }
      await finishSignIn(user);
    } catch (error) {
      if (isApiStatus(error, 401)) setInlineError(MSG.loginInvalid);
      toastError(loginErrorMessage(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Entrar no E-Proto">
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
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          autoFocus
        />
        <PasswordInput
          name="password"
          label="Senha"
          placeholder="Sua senha"
          autoComplete="current-password"
          required
          size="md"
          leftSection={<IconLock size={18} />}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha' }}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(values.email)}
          >
            Esqueci minha senha
          </Anchor>
        </Group>
        {inlineError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            py="xs"
          >
            {inlineError}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={loginMutation.isPending}
          variant="gradient"
        >
          ENTRAR
        </Button>
      </Stack>
    </form>
  );
}
