import { Center, Loader } from '@mantine/core';

/** Small centred loader while a lazy page chunk downloads. */
export function PageLoader() {
  return (
    <Center h="100%" mih={240} role="status" aria-busy="true" aria-label="Carregando...">
      <Loader size="sm" type="dots" />
    </Center>
  );
}
