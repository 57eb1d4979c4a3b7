import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

import { useDeferredValue, useRef } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAprs } from '../api/get-aprs.ts';
import { usePts } from '../api/get-pts.ts';
import { shiftLabel } from '../utils/shift.ts';
import { SignableApr } from './signable-apr.tsx';
import { PtStatusBadge, PtTypeBadge } from './status-badges.tsx';

/**
 * "Meus EPIs" part of APR and PT: the APRs waiting for my "Li e concordo" and my PTs of today
 * and ahead (equipe signs here on the phone).
 */
export default function MyAprPtView() {
  const { user } = useSession();
  const aprs = useAprs({ status: 'em_assinatura' });
  const pts = usePts();
  // Under Meus EPIs' cards, each with its own answer: rendered deferred, in 5 ms slices, not in
  // the one task of TanStack Query's store update (issue 33). Kept data renders at once.
  const aprList = useDeferredValue(aprs.data);
  const ptList = useDeferredValue(pts.data);
  // An APR stays on screen after the tap (showing "Você assinou em ...") until the page changes.
  const shown = useRef(new Set<number>());
  for (const a of aprList?.items ?? []) if (a.pode_assinar) shown.current.add(a.id);
  if (!user) return null;
  const toSign = [...shown.current].map((id) => ({ id }));
  const waiting = (aprList?.items ?? []).filter((a) => a.pode_assinar).length;
  const open = (ptList?.items ?? []).filter(
    (p) => p.status === 'emitida' || p.status === 'aprovada',
  );
  return (
    <Stack gap="md" mt="lg">
      <Title order={2} fz="lg">
        APR e PT
      </Title>
      {aprs.isError ? (
        <ListError message={aprs.error.message} onRetry={() => void aprs.refetch()} />
      ) : aprList === undefined ? (
        <ListLoading rows={1} />
      ) : toSign.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma APR aguardando a sua assinatura.
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {waiting === 0
              ? 'Assinaturas registradas'
              : waiting === 1
                ? 'Uma APR aguarda a sua assinatura'
                : `${waiting} APRs aguardam a sua assinatura`}
          </Text>
          {toSign.map((a) => (
            <SignableApr key={a.id} id={a.id} userId={user.id} />
          ))}
        </>
      )}
      {open.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Minhas permissões de trabalho
          </Text>
          {open.map((p) => (
            <Card key={p.id} withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <IconShieldCheck size={18} />
                  <Text size="sm" fw={600}>
                    PT nº {p.id}
                  </Text>
                  <PtTypeBadge tipo={p.tipo} />
                </Group>
                <PtStatusBadge status={p.status} vigente={p.vigente} />
              </Group>
              <Text size="sm" mt={4}>
                {p.apr.atividade}
                {p.os ? ` — ${p.os.codigo}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                Turno: {shiftLabel(p.inicio, p.fim)}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
