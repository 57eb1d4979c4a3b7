import { Alert, Box, Center, Code, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';

import { Logo } from '../../../components/logo.tsx';
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
  const r = query.data;
  const look = r ? ICON[r.resultado] : null;

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={30} />
          <div>
            <Title order={1} fz={{ base: 20, sm: 24 }}>
              Verificação de relatório de OS
            </Title>
            {r && (
              <Text c="dimmed" size="sm">
                {r.codigo}
              </Text>
            )}
          </div>
          {query.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : query.isError ? (
            <Alert color="gray" icon={<IconAlertTriangle size={20} />} data-testid="verify-result">
              {query.error.status === 404 || query.error.status === 400
                ? 'Nenhum relatório com este código. Confira o endereço ou aponte a câmera para o QR impresso no relatório.'
                : query.error.message}
            </Alert>
          ) : (
            r &&
            look && (
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
                  <Box>
                    <Text size="xs" c="dimmed">
                      SHA-256 do conteúdo selado
                    </Text>
                    <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
                      {r.sha256}
                    </Code>
                    <Text size="sm" mt="xs">
                      Confira se o SHA-256 impresso no bloco “Autenticidade” do seu relatório é
                      igual a este: se for, o relatório é o que foi selado na conclusão.
                    </Text>
                  </Box>
                )}
              </Stack>
            )
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
