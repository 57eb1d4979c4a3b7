import { APR_SIGN_TEXT, type Apr } from '@eproto/domain';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';

import { locate } from '../../../lib/locate-signature.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSignApr } from '../api/sign-apr.ts';
import { SstCardHead } from './sst-card-head.tsx';
import { AprStatusBadge } from './status-badges.tsx';
import { aprContext } from '../utils/apr-context.ts';

/**
 * One APR as a team member reads it on the phone: steps, hazards, controls and EPIs, then a
 * single tap "Li e concordo" (with the position when the phone allows it).
 */
export function AprSignCard({ apr, userId }: { apr: Apr; userId: number }) {
  const sign = useSignApr();
  const [locating, setLocating] = useState(false);
  const me = apr.equipe.find((p) => p.id === userId);
  const myWarnings = apr.avisos_epi.filter((a) => a.pessoa.id === userId);
  const onSign = async () => {
    setLocating(true);
    const place = await locate();
    setLocating(false);
    sign.mutate({ id: apr.id, place });
  };
  return (
    <Card withBorder radius="md" p="md" aria-label={`APR ${apr.atividade}`}>
      <Stack gap="sm">
        <SstCardHead
          title={
            <div>
              <Title order={4} fz="md">
                {apr.atividade}
              </Title>
              <Text size="sm" c="dimmed">
                {aprContext(apr)}
              </Text>
            </div>
          }
          badge={<AprStatusBadge status={apr.status} />}
        />
        <List type="ordered" spacing={6} size="sm">
          {apr.etapas.map((e, i) => (
            <List.Item key={i}>
              <Text size="sm" fw={600}>
                {e.etapa}
              </Text>
              <Text size="sm">Perigos: {e.perigos}</Text>
              <Text size="sm">Controles: {e.controles}</Text>
            </List.Item>
          ))}
        </List>
        {apr.epis.length > 0 && (
          <Text size="sm">
            <b>EPIs obrigatórios:</b> {apr.epis.map((e) => e.nome).join(', ')}
          </Text>
        )}
        {myWarnings.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="EPI não recebido">
            {myWarnings.map((w) => w.epi).join(', ')}: peça ao seu coordenador antes de começar.
          </Alert>
        )}
        {me?.assinado_em ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            Você assinou em {formatDateTime(me.assinado_em)}.
          </Alert>
        ) : apr.pode_assinar ? (
          <>
            <Text size="sm" c="dimmed">
              {APR_SIGN_TEXT}
            </Text>
            <Button
              size="lg"
              fullWidth
              leftSection={<IconSignature size={20} />}
              loading={locating || sign.isPending}
              onClick={() => void onSign()}
            >
              Li e concordo
            </Button>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
