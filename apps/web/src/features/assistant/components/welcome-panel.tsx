import type { AssistantStatus } from '@eproto/domain';
import { Alert, Button, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconSparkles } from '@tabler/icons-react';

import classes from './assistant.module.css';

// Long questions (a contract name) wrap instead of running off a phone screen.
const CHIP_STYLES = {
  // No inline min-height: on a touch screen global.css raises buttons to 44 px.
  root: { height: 'auto', paddingBlock: 5 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 },
} as const;

interface WelcomePanelProps {
  status: AssistantStatus | undefined;
  loading: boolean;
  onPick: (question: string) => void;
}

/** A new conversation: what the assistant does, and example questions to click. */
export function WelcomePanel({ status, loading, onPick }: WelcomePanelProps) {
  const offline = status?.mode === 'offline';
  return (
    <div className={classes.welcome}>
      <ThemeIcon size={56} radius="xl" variant="gradient" aria-hidden>
        <IconSparkles size={30} />
      </ThemeIcon>
      <Stack gap={4} align="center">
        <Title order={2} fz={22}>
          Como posso ajudar?
        </Title>
        <Text c="dimmed" size="sm" maw={520}>
          Pergunte sobre suas demandas, tarefas, agenda, revisões, EPI e frota. Eu consulto os dados
          com as suas permissões e mostro os itens que usei.
        </Text>
      </Stack>
      <div className={classes.chips} aria-label="Perguntas de exemplo">
        {loading
          ? [1, 2, 3].map((i) => <Skeleton key={i} height={30} width={190} radius="xl" />)
          : status?.examples.map((q) => (
              <Button
                key={q}
                variant="default"
                radius="xl"
                size="xs"
                maw="100%"
                styles={CHIP_STYLES}
                onClick={() => onPick(q)}
              >
                {q}
              </Button>
            ))}
      </div>
      {offline && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconCloudOff size={18} />}
          title="Modo offline"
          maw={560}
          ta="left"
        >
          <Text size="sm" mb={6}>
            Nenhum provedor de IA está configurado. Respondo direto dos dados, sem modelo de
            linguagem, a estas perguntas:
          </Text>
          <List size="sm" spacing={2}>
            {status.offline_topics.map((t) => (
              <List.Item key={t}>{t}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}
