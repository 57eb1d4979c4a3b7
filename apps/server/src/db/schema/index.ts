export * from './users.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './activity.ts';
export * from './support.ts';
export * from './contracts.ts';
export * from './murals.ts';
export * from './protocols.ts';
