import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconSignature } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { useAprs } from '../api/get-aprs.ts';

// The dialog (Modal, the APR card, the signature's place) loads at the first "Assinar APR": the
// OS page paints the alert without it (issue 33). The service worker precaches it for offline.
const OsAprSignModal = lazy(() => import('./os-apr-sign-modal.tsx'));

/**
 * On the OS page: each APR of this OS that waits for my "Li e concordo", with a direct
 * "Assinar APR" that opens it right there (no trip to "Meus EPIs").
 */
export default function OsAprSign({ osId }: { osId: number }) {
  const { user } = useSession();
  const aprs = useAprs({ status: 'em_assinatura', osId });
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [opened, setOpened] = useState<number | null>(null);
  // Mounted from the first tap on, so that closing it keeps the Modal's transition.
  const [asked, setAsked] = useState(false);
  const waiting = (aprs.data?.items ?? []).filter((a) => a.pode_assinar);
  if (!user) return null;
  return (
    <>
      {waiting.map((a) => (
        <Alert
          key={a.id}
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="APR aguardando a sua assinatura"
        >
          <Stack gap="xs" align={phone ? 'stretch' : 'flex-start'}>
            <Text size="sm">
              Leia a análise de risco “{a.atividade}” e assine antes de começar o serviço.
            </Text>
            <Button
              size="md"
              leftSection={<IconSignature size={18} />}
              onClick={() => {
                setAsked(true);
                setOpened(a.id);
              }}
              aria-label={`Assinar APR ${a.atividade}`}
            >
              Assinar APR
            </Button>
          </Stack>
        </Alert>
      ))}
      {asked && (
        <Suspense fallback={null}>
          <OsAprSignModal
            id={opened}
            userId={user.id}
            fullScreen={phone}
            onClose={() => setOpened(null)}
          />
        </Suspense>
      )}
    </>
  );
}
