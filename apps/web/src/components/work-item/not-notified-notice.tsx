import type { WorkItemMessagePosted } from '@eproto/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';

import { useMentionParticipant } from './api/mention-participant.ts';
import type { WorkItemRef } from './work-item-ref.ts';

const WHERE: Record<WorkItemRef['kind'], string> = {
  murals: 'desta demanda',
  protocols: 'da demanda desta tarefa',
  'service-orders': 'desta OS',
};

interface Props {
  item: WorkItemRef;
  posted: WorkItemMessagePosted;
  onClose: () => void;
}

/**
 * Tells the author that people written with "@" who cannot see the item were not notified, and
 * offers to add them as participants (and notify them) when the author may.
 */
export function NotNotifiedNotice({ item, posted, onClose }: Props) {
  const add = useMentionParticipant(item);
  const people = posted.not_notified;
  const names = new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(
    people.map((p) => p.nome),
  );
  const one = people.length === 1;
  const where = WHERE[item.kind];

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconBellOff size={18} />}
      title={one ? `${names} não foi avisado` : `${names} não foram avisados`}
      withCloseButton
      closeButtonLabel="Fechar aviso"
      onClose={onClose}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          {one ? 'Não participa' : 'Não participam'} {where}, então a menção não chegou.
          {!posted.can_add_participants &&
            ' Peça a quem gerencia os participantes para incluir, se for o caso.'}
        </Text>
        {posted.can_add_participants &&
          people.map((p) => (
            <Button
              key={p.id}
              size="sm"
              variant="light"
              color="yellow"
              loading={add.isPending && add.variables?.userId === p.id}
              onClick={() =>
                add.mutate(
                  { messageId: posted.id, userId: p.id, nome: p.nome },
                  { onSuccess: () => (people.length === 1 ? onClose() : undefined) },
                )
              }
              // Long names wrap instead of widening the thread on a phone; a finger-sized target.
              styles={{
                root: { alignSelf: 'flex-start', height: 'auto', minHeight: 44, maxWidth: '100%' },
                label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 6 },
              }}
            >
              Adicionar {p.nome} e avisar
            </Button>
          ))}
      </Stack>
    </Alert>
  );
}
