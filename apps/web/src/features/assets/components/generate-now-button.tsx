import type { PlanGenerateResult } from '@eproto/domain';
import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';

import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useGeneratePlans } from '../api/plans.ts';

const oss = (n: number) => (n === 1 ? '1 OS' : `${n} OSs`);
const dues = (n: number) => (n === 1 ? '1 manutenção' : `${n} manutenções`);

/** "OS-2026-000001, OS-2026-000002, OS-2026-000003 e mais 4". */
function codes(r: PlanGenerateResult): string {
  const shown = r.abertas.slice(0, 3).map((o) => o.codigo);
  const rest = r.abertas.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} e mais ${rest}` : shown.join(', ');
}

/** What "Gerar OSs agora" did, in a sentence for the notification. */
export function generationMessage(r: PlanGenerateResult): string {
  const until = formatDate(r.ate);
  if (r.oss_abertas > 0) {
    const opened =
      r.oss_abertas === 1
        ? `1 OS preventiva aberta agora (${dues(r.vencimentos_abertos)} até ${until}): ${codes(r)}.`
        : `${r.oss_abertas} OSs preventivas abertas agora (${dues(r.vencimentos_abertos)} até ${until}): ${codes(r)}.`;
    if (r.oss_existentes === 0) return opened;
    return `${opened} ${oss(r.oss_existentes)} já ${r.oss_existentes === 1 ? 'existia' : 'existiam'}.`;
  }
  if (r.oss_existentes > 0) {
    return r.oss_existentes === 1
      ? `Nenhuma OS nova: a OS das manutenções até ${until} já existia.`
      : `Nenhuma OS nova: as ${r.oss_existentes} OSs das manutenções até ${until} já existiam.`;
  }
  return `Nenhuma manutenção vence até ${until} (antecedência de ${r.horizonte_dias} dias): nenhuma OS a abrir.`;
}

/**
 * "Gerar OSs agora": opens at once the preventive OSs the hourly job would open for this
 * contract (docs/assets.md "Gerar OSs agora"). Pressing it again opens nothing twice.
 */
export function GenerateNowButton({ contractId }: { contractId: number }) {
  const generate = useGeneratePlans();
  return (
    <Button
      variant="light"
      leftSection={<IconPlayerPlay size={18} />}
      loading={generate.isPending}
      onClick={() =>
        generate.mutate(contractId, {
          onSuccess: (r) => toastSuccess(generationMessage(r)),
          onError: (e) => toastError(e.message),
        })
      }
    >
      Gerar OSs agora
    </Button>
  );
}
