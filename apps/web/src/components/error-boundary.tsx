import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the pathname) clears a shown error. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  key: string | undefined;
}

/**
 * Catches render errors and failed page downloads (e.g. an old tab after a new deploy) and
 * offers to reload, instead of a blank screen.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Erro ao exibir a página', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih="60dvh" p="md" role="alert">
        <Stack align="center" gap="sm" maw={420}>
          <Title order={2} fz={22} ta="center">
            Algo deu errado ao abrir esta página
          </Title>
          <Text c="dimmed" ta="center">
            Pode ser uma versão nova do E-Proto ou uma falha de conexão. Recarregue a página para
            tentar de novo.
          </Text>
          <Button onClick={() => window.location.reload()}>Recarregar</Button>
        </Stack>
      </Center>
    );
  }
}
