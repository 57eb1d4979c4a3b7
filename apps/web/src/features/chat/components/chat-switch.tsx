import { SegmentedControl } from '@mantine/core';
import { useNavigate } from 'react-router';

/** Switch between direct conversations and contract rooms. */
export function ChatSwitch({ value }: { value: 'direto' | 'contratos' }) {
  const navigate = useNavigate();
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      value={value}
      onChange={(v) =>
        void navigate(v === 'direto' ? '/operacional/chat' : '/operacional/chat-contrato')
      }
      data={[
        { value: 'direto', label: 'Conversas' },
        { value: 'contratos', label: 'Contratos' },
      ]}
      aria-label="Tipo de chat"
    />
  );
}
