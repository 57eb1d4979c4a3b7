import { Button, type ButtonProps } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The camera, the decoder and the modal download at the first tap, never with the page.
const ScanLabelModal = lazy(() => import('./scan-label-modal.tsx'));

/** "Ler etiqueta": opens the camera to read an asset's QR label. */
export function ScanLabelButton({
  variant = 'light',
  fullWidth = false,
}: {
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        fullWidth={fullWidth}
        leftSection={<IconScan size={18} />}
        onClick={() => setOpen(true)}
      >
        Ler etiqueta
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanLabelModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
