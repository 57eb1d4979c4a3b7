import { Modal } from '@mantine/core';

import { ResetRequestForm } from './reset-request-form.tsx';

interface ForgotPasswordModalProps {
  opened: boolean;
  initialEmail: string;
  onClose: () => void;
}

/** Modal "Recuperar acesso" opened from "Esqueci minha senha" on /login. */
export default function ForgotPasswordModal({
  opened,
  initialEmail,
  onClose,
}: ForgotPasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Recuperar acesso" radius="lg" size="md">
      <ResetRequestForm initialEmail={initialEmail} onCancel={onClose} onSent={onClose} />
    </Modal>
  );
}
