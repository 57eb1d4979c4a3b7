import './zod-locale.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './notifications.ts';
export * from './stages.ts';
export * from './dates.ts';
export * from './auth.ts';
export * from './messages.ts';
