import { Modal } from '@mantine/core';

import { SignableApr } from './signable-apr.tsx';

/** The "Assinar APR" dialog of the OS page (os-apr-sign.tsx loads it at the first tap). */
export default function OsAprSignModal({
  id,
  userId,
  fullScreen,
  onClose,
}: {
  /** The APR being signed; null while closed. */
  id: number | null;
  userId: number;
  fullScreen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title="Assinar APR"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      fullScreen={fullScreen}
      size="lg"
    >
      {id !== null && <SignableApr id={id} userId={userId} />}
    </Modal>
  );
}
