import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../deps.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every API module and where it is mounted; each later area adds one line here. */
export const MODULES: Array<[prefix: string, plugin: FastifyPluginAsyncZod<ServiceDeps>]> = [
  ['/api', healthRoutes],
  ['/api/auth', authRoutes],
  ['/api/users', usersRoutes],
  ['/api/eproto/notifications', notificationsRoutes],
  ['/api/events', eventsRoutes],
];
