import type { FieldAlert } from '@eproto/domain';

import { AlertsPanel } from '../../../components/alerts-panel.tsx';

const KIND_LABEL: Record<string, string> = {
  ca_epi: 'CA',
  estoque_epi: 'Estoque',
  troca_epi: 'Troca',
};

/** EPI alerts of today (CA, stock, replacement), the first few and a "ver todos". */
export function AlertsList({ alerts }: { alerts: FieldAlert[] }) {
  return (
    <AlertsPanel
      alerts={alerts}
      title="Alertas de EPI"
      limit={5}
      kindLabel={(a) => KIND_LABEL[a.kind] ?? 'Aviso'}
    />
  );
}
