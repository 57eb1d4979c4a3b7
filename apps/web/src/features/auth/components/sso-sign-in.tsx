import { isSsoRefusal, SSO_OK, SSO_REFUSAL_MESSAGES, SSO_START_PATH } from '@eproto/domain';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';

import { useSsoOptions } from '../api/get-sso-options.ts';

/**
 * "Entrar com {nome}" below ENTRAR when single sign-on is configured (nothing otherwise), and
 * why the last attempt through the provider was refused.
 */
export default function SsoSignIn(props: {
  /** `?sso=` /login was opened with (the provider's sign-in ended there). */
  sso: string | null;
  /** The session check after `?sso=ok` failed: the cookie did not come back. */
  signInFailed: boolean;
}) {
  const { sso, signInFailed } = props;
  const refusal = isSsoRefusal(sso) ? sso : sso === SSO_OK && signInFailed ? 'invalido' : null;
  const options = useSsoOptions();
  const oidc = options.data?.oidc;
  if (!oidc && !refusal) return null;
  return (
    <Stack gap="md" mt="md">
      {refusal && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          py="xs"
        >
          {SSO_REFUSAL_MESSAGES[refusal]}
        </Alert>
      )}
      {oidc && (
        <>
          <Divider label="ou" labelPosition="center" />
          <Button
            component="a"
            href={SSO_START_PATH}
            size="md"
            fullWidth
            variant="default"
            leftSection={<IconKey size={18} />}
          >
            Entrar com {oidc.nome}
          </Button>
        </>
      )}
    </Stack>
  );
}
