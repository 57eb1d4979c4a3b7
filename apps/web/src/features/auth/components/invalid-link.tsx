import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';

interface InvalidLinkProps {
  message: string;
  actionLabel: string;
  to: string;
}

/** Shown when a reset or invitation link is missing, invalid or expired. */
export function InvalidLink({ message, actionLabel, to }: InvalidLinkProps) {
  return (
    <Stack align="center" gap="md" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconLinkOff size={28} />
      </ThemeIcon>
      <Text ta="center" fw={600}>
        {message}
      </Text>
      <Button component={Link} to={to} fullWidth variant="light">
        {actionLabel}
      </Button>
      {to !== '/login' && (
        <Text component={Link} to="/login" size="sm" c="dimmed" td="underline">
          Voltar para o login
        </Text>
      )}
    </Stack>
  );
}
