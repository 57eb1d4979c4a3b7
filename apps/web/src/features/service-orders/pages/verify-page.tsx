import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';

import { PublicCard, SealedHash } from '../../../components/public-card.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useVerifyServiceOrder } from '../api/verify-service-order.ts';

const ICON = {
  autentico: { icon: IconShieldCheck, color: 'teal' },
  alterado: { icon: IconAlertTriangle, color: 'red' },
  nao_selado: { icon: IconClockHour4, color: 'gray' },
} as const;

/**
 * /os/verificar/:codigo — public, no sign-in. Says only whether the sealed report of an OS is
 * authentic and unchanged (no customer, place or people: nothing personal).
 */
export default function VerifyPage() {
  const { codigo = '' } = useParams();
  const query = useVerifyServiceOrder(codigo);

  return (
    <PublicCard
      title="Verificação de relatório de OS"
      subtitle={query.data?.codigo}
      query={query}
      notFound="Nenhum relatório com este código. Confira o endereço ou aponte a câmera para o QR impresso no relatório."
      testId="verify-result"
    >
      {(r) => {
        const look = ICON[r.resultado];
        return (
          <Stack gap="sm">
            <Alert
              color={look.color}
              variant="light"
              icon={<look.icon size={24} />}
              title={
                r.resultado === 'autentico'
                  ? 'Autêntico'
                  : r.resultado === 'alterado'
                    ? 'Não autêntico'
                    : 'Ainda não selado'
              }
              data-testid="verify-result"
            >
              {r.mensagem}
            </Alert>
            {r.selada_em && <Text size="sm">Selado em {formatDateTime(r.selada_em)}</Text>}
            {r.sha256 && (
              <SealedHash sha256={r.sha256}>
                Confira se o SHA-256 impresso no bloco “Autenticidade” do seu relatório é igual a
                este: se for, o relatório é o que foi selado na conclusão.
              </SealedHash>
            )}
          </Stack>
        );
      }}
    </PublicCard>
  );
}
