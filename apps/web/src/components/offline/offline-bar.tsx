import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useOnline, useOutboxItems } from '../../lib/offline/use-outbox.ts';

// The panel (a drawer) loads with its first opening, not with every page.
const PendingPanel = lazy(() =>
  import('./pending-panel.tsx').then((m) => ({ default: m.PendingPanel })),
);

/**
 * The persistent bar of the signed-in app: no signal (actions are kept), writes still on their
 * way, or refused writes that need the person; "Pendentes (N)" opens the list.
 */
export function OfflineBar() {
  const online = useOnline();
  const items = useOutboxItems();
  const [opened, panel] = useDisclosure(false);
  const [panelUsed, setPanelUsed] = useState(false);
  if (opened && !panelUsed) setPanelUsed(true);
  const attention = items.filter((i) => i.state === 'attention').length;
  const show = !online || items.length > 0;

  let tone: 'gray' | 'red' | 'blue' = 'blue';
  let icon = <IconCloudUpload size={18} />;
  let text = `Enviando ações guardadas no aparelho…`;
  if (!online) {
    tone = 'gray';
    icon = <IconCloudOff size={18} />;
    text =
      'Sem conexão — suas ações ficam guardadas no aparelho e serão enviadas quando o sinal voltar.';
  } else if (attention > 0 && attention === items.length) {
    tone = 'red';
    icon = <IconAlertTriangle size={18} />;
    text =
      attention === 1
        ? '1 ação precisa de atenção: o servidor não a aceitou.'
        : `${attention} ações precisam de atenção: o servidor não as aceitou.`;
  }

  return (
    <>
      {show && (
        <Paper
          role="status"
          aria-live="polite"
          data-testid="offline-bar"
          radius={0}
          px="md"
          py={8}
          style={{
            background: `light-dark(var(--mantine-color-${tone}-1), var(--mantine-color-${tone}-9))`,
            borderBottom: `1px solid light-dark(var(--mantine-color-${tone}-3), var(--mantine-color-${tone}-7))`,
          }}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <span style={{ display: 'flex', flexShrink: 0 }}>{icon}</span>
              <Text size="sm" style={{ minWidth: 0 }}>
                {text}
              </Text>
            </Group>
            <Button
              size="compact-sm"
              variant={attention > 0 ? 'filled' : 'white'}
              color={attention > 0 ? 'red' : tone}
              onClick={panel.open}
              style={{ flexShrink: 0 }}
            >
              Pendentes ({items.length})
            </Button>
          </Group>
        </Paper>
      )}
      {panelUsed && (
        <Suspense fallback={null}>
          <PendingPanel items={items} opened={opened} onClose={panel.close} />
        </Suspense>
      )}
    </>
  );
}
