import { Alert, Skeleton, Switch } from '@mantine/core';

import { useEmailDigest, useSetEmailDigest } from '../api/email-digest.ts';

/**
 * "Resumo diário por e-mail" on /profile: one e-mail at 7h (company time) with the day's agenda,
 * late and due-today demands and tasks and unread mentions; off by default.
 */
export function EmailDigestSwitch({ email }: { email: string }) {
  const query = useEmailDigest();
  const set = useSetEmailDigest();

  if (query.isPending) return <Skeleton height={48} radius="md" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title="Erro ao carregar">
        {query.error.message}
      </Alert>
    );
  return (
    <Switch
      size="md"
      label="Resumo diário por e-mail"
      description={`Todo dia às 7h, em ${email}: sua agenda e OSs do dia, demandas e tarefas atrasadas ou que vencem hoje e menções não lidas. Sem nada disso, nenhum e-mail é enviado.`}
      checked={query.data.ativo}
      onChange={(e) => set.mutate(e.currentTarget.checked)}
    />
  );
}
