import type { PasswordOwner } from '@eproto/domain';
import { PasswordInput } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import type { NewPasswordValues } from '../utils/password-schema.ts';

interface Props<T extends NewPasswordValues> {
  /** A form holding `password` and `confirm` (and maybe more, e.g. the invitation's name). */
  form: UseFormReturn<T, unknown, FieldValues>;
  /** Whose name and e-mail the strength meter refuses in the password. */
  owner: PasswordOwner;
  label: string;
  confirmLabel: string;
  autoFocus?: boolean;
}

/** A new password with its strength meter and its confirmation (invitation, reset link). */
export function NewPasswordFields<T extends NewPasswordValues>(props: Props<T>) {
  // Only the two fields every T has are read: the cast drops T's other fields.
  const form = props.form as unknown as UseFormReturn<NewPasswordValues>;
  const { errors } = form.formState;
  return (
    <>
      <PasswordInput
        {...form.register('password')}
        label={props.label}
        description="Entre 10 e 128 caracteres; evite senhas comuns e seu nome."
        autoComplete="new-password"
        required
        error={errors.password?.message}
        autoFocus={props.autoFocus}
      />
      <PasswordStrengthMeter password={form.watch('password')} owner={props.owner} />
      <PasswordInput
        {...form.register('confirm')}
        label={props.confirmLabel}
        autoComplete="new-password"
        required
        error={errors.confirm?.message}
      />
    </>
  );
}
