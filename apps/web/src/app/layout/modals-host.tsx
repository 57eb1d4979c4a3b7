import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

import { replayModalCalls } from './lazy-modals.ts';

/** Replays the calls made while this module loaded: ModalsProvider listens from its layout effect. */
function Replay() {
  useEffect(() => replayModalCalls(), []);
  return null;
}

/** Mantine's modals manager (confirm dialogs of `modals.*`), loaded with the first call. */
export default function ModalsHost() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />
      <Replay />
    </>
  );
}
