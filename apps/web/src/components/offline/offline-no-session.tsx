import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** No signal and nobody signed in on this device yet: nothing can be shown. */
export function OfflineNoSession() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={420}>
        <Stack align="center" gap="sm" ta="center">
          <IconCloudOff size={40} />
          <Title order={1} fz={22}>
            Você está sem conexão
          </Title>
          <Text c="dimmed" size="sm">
            Entre uma vez com sinal neste aparelho: depois disso a sua agenda, seus EPIs e suas
            demandas ficam disponíveis mesmo sem conexão.
          </Text>
          <Anchor href={window.location.pathname + window.location.search} fw={600}>
            Tentar de novo
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
