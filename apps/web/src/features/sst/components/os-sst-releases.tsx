import type { OsDetail } from '@eproto/domain';
import { Alert, List, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

import { dayjs } from '../../../lib/dates.ts';

/**
 * SST releases written on an OS (from its history): who released, when, why and what was
 * missing. Nothing when there is none.
 */
export function OsSstReleases({ os }: { os: Pick<OsDetail, 'historico'> }) {
  const releases = os.historico.filter((e) => e.tipo === 'sst_liberacao');
  if (releases.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShieldCheck size={18} />}
      title="Liberada sem requisito de SST"
      data-testid="os-sst-releases"
    >
      {releases.map((e) => (
        <div key={e.id}>
          <Text size="sm">
            {e.autor?.nome ?? 'Gestor'} em {dayjs(e.em).format('DD/MM/YYYY HH:mm')}: “{e.motivo}”
          </Text>
          {e.texto && (
            <List size="xs" spacing={2} mt={4} mb={6}>
              {e.texto.split('; ').map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          )}
        </div>
      ))}
    </Alert>
  );
}
