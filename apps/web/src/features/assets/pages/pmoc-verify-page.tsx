import { Alert, Box, Center, Code, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';

import { Logo } from '../../../components/logo.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { usePmocVerification } from '../api/get-pmoc-verification.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * /pmoc/verificar/:codigo — public, no sign-in: the contract, year, date and SHA-256 of an
 * issued PMOC, so whoever holds the printed document can check it is the one issued.
 */
export default function PmocVerifyPage() {
  const { codigo = '' } = useParams();
  const query = usePmocVerification(codigo);
  const r = query.data;

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={30} />
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            Verificação de PMOC
          </Title>
          {query.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : query.isError ? (
            <Alert color="gray" icon={<IconAlertTriangle size={20} />} data-testid="pmoc-verify">
              {query.error.status === 404 || query.error.status === 400
                ? 'PMOC não encontrado: nenhum documento emitido com este código. Confira o endereço impresso no PMOC.'
                : query.error.message}
            </Alert>
          ) : (
            r && (
              <Stack gap="sm" data-testid="pmoc-verify">
                <Alert
                  color={r.autentico ? 'teal' : 'red'}
                  variant="light"
                  icon={
                    r.autentico ? <IconShieldCheck size={24} /> : <IconAlertTriangle size={24} />
                  }
                  title={r.autentico ? 'PMOC emitido pelo E-Proto' : 'Conteúdo alterado'}
                >
                  {r.autentico
                    ? 'Este código corresponde a um PMOC emitido e selado. Compare o SHA-256 abaixo com o impresso no documento.'
                    : 'O conteúdo guardado deste PMOC não confere com o seu SHA-256.'}
                </Alert>
                <Fact label="Contrato" value={`${r.contrato} — ${r.cliente}`} />
                <Fact label="Ano" value={String(r.ano)} />
                <Fact label="Emitido em" value={formatDateTime(r.emitido_em)} />
                <Box>
                  <Text size="xs" c="dimmed">
                    SHA-256 do conteúdo selado
                  </Text>
                  <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
                    {r.sha256}
                  </Code>
                  <Text size="sm" mt="xs">
                    Se o SHA-256 impresso no bloco “Autenticidade” do seu PMOC for igual a este, o
                    documento é o que foi emitido.
                  </Text>
                </Box>
              </Stack>
            )
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
