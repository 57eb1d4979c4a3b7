import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';

import { PublicCard, PublicFact, SealedHash } from '../../../components/public-card.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { usePmocVerification } from '../api/get-pmoc-verification.ts';

/**
 * /pmoc/verificar/:codigo — public, no sign-in: the contract, year, date and SHA-256 of an
 * issued PMOC, so whoever holds the printed document can check it is the one issued.
 */
export default function PmocVerifyPage() {
  const { codigo = '' } = useParams();
  const query = usePmocVerification(codigo);

  return (
    <PublicCard
      title="Verificação de PMOC"
      query={query}
      notFound="PMOC não encontrado: nenhum documento emitido com este código. Confira o endereço impresso no PMOC."
      testId="pmoc-verify"
    >
      {(r) => (
        <Stack gap="sm" data-testid="pmoc-verify">
          <Alert
            color={r.autentico ? 'teal' : 'red'}
            variant="light"
            icon={r.autentico ? <IconShieldCheck size={24} /> : <IconAlertTriangle size={24} />}
            title={r.autentico ? 'PMOC emitido pelo E-Proto' : 'Conteúdo alterado'}
          >
            {r.autentico
              ? 'Este código corresponde a um PMOC emitido e selado. Compare o SHA-256 abaixo com o impresso no documento.'
              : 'O conteúdo guardado deste PMOC não confere com o seu SHA-256.'}
          </Alert>
          <PublicFact label="Contrato" value={`${r.contrato} — ${r.cliente}`} />
          <PublicFact label="Ano" value={String(r.ano)} />
          <PublicFact label="Emitido em" value={formatDateTime(r.emitido_em)} />
          <SealedHash sha256={r.sha256}>
            Se o SHA-256 impresso no bloco “Autenticidade” do seu PMOC for igual a este, o documento
            é o que foi emitido.
          </SealedHash>
        </Stack>
      )}
    </PublicCard>
  );
}
