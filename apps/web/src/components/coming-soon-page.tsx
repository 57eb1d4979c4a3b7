import { findRoute, landingPathFor } from '@eproto/domain';
import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

import { useSession } from '../lib/session.ts';
import classes from './coming-soon-page.module.css';
import { routeIcon } from './route-icon.tsx';

/** Placeholder for areas still being built: route title, what is coming, way back home. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const route = findRoute(pathname);
  const title = route?.title ?? 'Página';
  const RouteIcon = routeIcon(route?.path ?? pathname);
  const landing = landingPathFor(user?.rawType);
  const atLanding = pathname.replace(/\/+$/, '') === landing;

  return (
    <div className={classes.wrap}>
      <Paper className={classes.card} withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md">
          <div className={classes.iconHalo}>
            <ThemeIcon size={72} radius="xl" variant="gradient" aria-hidden="true">
              <RouteIcon size={36} stroke={1.6} />
            </ThemeIcon>
          </div>
          <Badge variant="light" color="teal" size="lg" radius="sm">
            Em breve
          </Badge>
          <Title order={1} fz={{ base: 24, sm: 30 }} ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center" maw={420}>
            Estamos preparando a área de {title} com cuidado. Em breve ela estará disponível aqui
            para você e sua equipe.
          </Text>
          {!atLanding && (
            <Button
              component={Link}
              to={landing}
              variant="light"
              leftSection={<IconArrowLeft size={16} />}
              mt="xs"
            >
              Voltar para a página inicial
            </Button>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
