import { assetSite, can, type Asset } from '@eproto/domain';
import { Button } from '@mantine/core';
import { IconClipboardPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';

// The form (selects, date fields, zod) downloads at the tap, not with the asset's page.
const OsCreateModal = lazy(() =>
  import('./os-create-modal.tsx').then((m) => ({ default: m.OsCreateModal })),
);

/**
 * "Abrir OS" on an asset's page (gestão, `os.manage`): the usual "Nova OS" form with the asset's
 * contract, its site as the place and the asset among the OS's assets.
 */
export default function CreateOsForAsset({ asset }: { asset: Asset }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!can(subjectOf(user), 'os.manage')) return null;
  return (
    <>
      <Button leftSection={<IconClipboardPlus size={18} />} onClick={() => setOpen(true)}>
        Abrir OS
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OsCreateModal
            opened
            onClose={() => setOpen(false)}
            initial={{
              contractId: asset.contrato.id,
              local: assetSite(asset),
              ativos: [{ id: asset.id, tag: asset.tag }],
            }}
          />
        </Suspense>
      )}
    </>
  );
}
