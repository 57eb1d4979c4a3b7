import { can, type Apr, type Pt } from '@eproto/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { AprDetailModal } from './apr-detail-modal.tsx';
import { AprFormModal } from './apr-form-modal.tsx';
import { AprList } from './apr-list.tsx';
import { PtDetailModal } from './pt-detail-modal.tsx';
import { PtFormModal } from './pt-form-modal.tsx';
import { PtList } from './pt-list.tsx';
import { ServiceTypePtPanel } from './service-type-pt-panel.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

type View = 'apr' | 'pt' | 'tipos';
type Dialog =
  | { kind: 'apr'; id: number }
  | { kind: 'apr-form'; apr: Apr | null }
  | { kind: 'pt'; id: number }
  | { kind: 'pt-form'; pt: Pt | null; apr: Apr | null }
  | null;

/** Tab "APR e PT" of /tatico/epi: APRs, PTs (a bell link ?pt=N opens one) and "exige PT". */
export default function AprPtTab() {
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const manager = can(subjectOf(user), 'aprpt.manage');
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('pt'));
  const [view, setView] = useState<View>(Number.isInteger(linked) && linked > 0 ? 'pt' : 'apr');
  const [dialog, setDialog] = useState<Dialog>(
    Number.isInteger(linked) && linked > 0 ? { kind: 'pt', id: linked } : null,
  );
  const close = () => {
    setDialog(null);
    if (params.has('pt')) {
      params.delete('pt');
      setParams(params, { replace: true });
    }
  };
  return (
    <Stack gap="md">
      <SegmentedControl
        value={view}
        onChange={(v) => {
          setView(v as View);
          // APR and PT filters (situação, busca) are not the same: a new view starts unfiltered.
          setParams({ aba: 'apr-pt' }, { replace: true });
        }}
        aria-label="Ver"
        fullWidth={phone}
        data={[
          { value: 'apr', label: 'APRs' },
          { value: 'pt', label: phone ? 'PTs' : 'Permissões de trabalho' },
          ...(manager ? [{ value: 'tipos', label: phone ? 'Tipos' : 'Tipos de serviço' }] : []),
        ]}
      />
      {view === 'apr' && (
        <AprList
          manager={manager}
          onOpen={(id) => setDialog({ kind: 'apr', id })}
          onCreate={() => setDialog({ kind: 'apr-form', apr: null })}
        />
      )}
      {view === 'pt' && (
        <PtList
          manager={manager}
          onOpen={(id) => setDialog({ kind: 'pt', id })}
          onCreate={() => setDialog({ kind: 'pt-form', pt: null, apr: null })}
        />
      )}
      {view === 'tipos' && manager && <ServiceTypePtPanel />}
      {dialog?.kind === 'apr' && (
        <AprDetailModal
          id={dialog.id}
          manager={manager}
          onClose={close}
          onEdit={(apr) => setDialog({ kind: 'apr-form', apr })}
          onIssuePt={(apr) => setDialog({ kind: 'pt-form', pt: null, apr })}
        />
      )}
      {dialog?.kind === 'apr-form' && <AprFormModal apr={dialog.apr} onClose={close} />}
      {dialog?.kind === 'pt' && (
        <PtDetailModal
          id={dialog.id}
          onClose={close}
          onEdit={(pt) => setDialog({ kind: 'pt-form', pt, apr: null })}
        />
      )}
      {dialog?.kind === 'pt-form' && (
        <PtFormModal pt={dialog.pt} apr={dialog.apr} onClose={close} />
      )}
    </Stack>
  );
}
