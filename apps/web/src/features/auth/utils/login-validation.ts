import { PASSWORD_MAX } from '@eproto/domain';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * Both fields required (SPEC.md §5). Kept free of zod and react-hook-form on purpose: /login is
 * the first page people download and must stay under the 150 KB budget.
 */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Informe o e-mail.';
  else if (email.length > 254) errors.email = 'E-mail longo demais.';
  if (values.password === '') errors.password = 'Informe a senha.';
  else if (values.password.length > PASSWORD_MAX) errors.password = 'Senha longa demais.';
  return errors;
}
