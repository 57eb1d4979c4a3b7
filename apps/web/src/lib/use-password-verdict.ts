import type { PasswordOwner, PasswordVerdict } from '@eproto/domain';
import { assessNewPassword } from '@eproto/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * The shared password policy's verdict on what is being typed (null while empty or loading).
 * The dictionaries download on first use, in their own chunk.
 */
export function usePasswordVerdict(password: string, owner: PasswordOwner): PasswordVerdict | null {
  const [typed] = useDebouncedValue(password, 150);
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const { email, nome } = owner;
  useEffect(() => {
    let live = true;
    if (typed === '') {
      setVerdict(null);
      return;
    }
    assessNewPassword(typed, { email, nome }).then(
      (v) => live && setVerdict(v),
      () => live && setVerdict(null),
    );
    return () => {
      live = false;
    };
  }, [typed, email, nome]);
  return password === '' ? null : verdict;
}

/** Why the policy refuses a password before it is sent; null when accepted or not checkable. */
export async function newPasswordProblem(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  try {
    return (await assessNewPassword(password, owner)).problem;
  } catch {
    return null; // dictionaries unavailable (offline): the server still checks
  }
}
