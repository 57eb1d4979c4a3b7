import type { NotificationType, Profile } from '@eproto/domain';
import { NOTIFICATION_LABELS, NOTIFICATION_TYPES } from '@eproto/domain';
import { Stack, Switch } from '@mantine/core';

import { useUpdateProfile } from '../api/update-profile.ts';

const DESCRIPTIONS: Record<NotificationType, string> = {
  mention: 'Quando alguém menciona você com @ em conversas e comentários.',
  task_assigned: 'Quando uma tarefa ou demanda é atribuída a você.',
  status_changed: 'Quando muda a etapa de algo em que você participa.',
  date_changed: 'Quando as datas de algo em que você participa mudam.',
  deadline_reminder: 'Prazos vencendo amanhã e itens atrasados.',
  attachment: 'Novos anexos em demandas e tarefas suas.',
  other: 'Avisos gerais, como andamento dos seus chamados de suporte.',
  os_assigned: 'Quando você entra na equipe de uma ordem de serviço.',
  os_concluded: 'Quando uma ordem de serviço que você acompanha é concluída.',
  os_refused: 'Quando o cliente se recusa a assinar uma ordem de serviço.',
};

/** One switch per notification type; off means notify() skips it for this person. */
export function NotificationPrefs({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  return (
    <Stack gap="md">
      {NOTIFICATION_TYPES.map((type) => (
        <Switch
          key={type}
          label={NOTIFICATION_LABELS[type]}
          description={DESCRIPTIONS[type]}
          checked={profile.notificationPrefs[type]}
          onChange={(e) =>
            update.mutate({ notificationPrefs: { [type]: e.currentTarget.checked } })
          }
        />
      ))}
    </Stack>
  );
}
