import { Button, List, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

import { useDownloadMyData } from '../api/download-my-data.ts';

/**
 * "Meus dados" on /profile (LGPD art. 18): one ZIP with everything E-Proto holds about the
 * person, one JSON per area plus their own files.
 */
export function MyData() {
  const download = useDownloadMyData();
  return (
    <Stack gap="sm">
      <List size="sm" spacing={4}>
        <List.Item>perfil, demandas, tarefas, comentários e mensagens que você escreveu;</List.Item>
        <List.Item>agenda, OSs em que trabalhou, ficha de EPI, treinamentos, CNH e ASO;</List.Item>
        <List.Item>avisos, sessões e aparelhos, e o registro de atividade sobre você;</List.Item>
        <List.Item>sua foto, as fotos e anexos que enviou e suas assinaturas.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        A exportação fica registrada na atividade da sua conta. Limite de 5 por hora.
      </Text>
      <Button
        leftSection={<IconDownload size={18} />}
        onClick={() => download.mutate()}
        loading={download.isPending}
        loaderProps={{ type: 'dots' }}
        style={{ alignSelf: 'flex-start' }}
        h={44}
      >
        Baixar meus dados
      </Button>
    </Stack>
  );
}
