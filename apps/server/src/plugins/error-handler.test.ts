import '@eproto/domain';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandlerPlugin } from './error-handler.ts';

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.withTypeProvider<ZodTypeProvider>().post('/x', {
    schema: {
      body: z.object({
        nome: z.string().min(2, 'Informe seu nome completo.'),
        quantidade: z.number().int().max(5).optional(),
      }),
    },
    handler: async () => ({ ok: true }),
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/x', payload: payload as object });

describe('validation errors', () => {
  it('sends a sentence of our schema as it is, naming the field beside it', async () => {
    const res = await post({ nome: 'A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Informe seu nome completo.',
      code: 'VALIDATION',
      field: 'nome',
    });
  });

  it('puts the field in front of a generic zod message, in Portuguese', async () => {
    const res = await post({ nome: 'Ana', quantidade: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Campo "quantidade" inválido: Grande demais: esperava que o número fosse <= 5',
    );
  });
});

describe('database unavailable', () => {
  const api = Fastify();
  const closedPort = 1; // nothing listens on port 1 of the loopback: connect is refused
  const deadPool = new pg.Pool({
    connectionString: `postgres://eproto:x@127.0.0.1:${closedPort}/eproto`,
  });
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
  const thrown: Record<string, () => unknown> = {
    refused: () => drizzle(deadPool).execute(sql`select 1`),
    admin: () => {
      throw pgError('57P01', 'terminating connection due to administrator command');
    },
    starting: () => {
      throw pgError('57P03', 'the database system is starting up');
    },
    broken: () => {
      throw pgError('08006', 'connection failure');
    },
    terminated: () => {
      throw new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    },
    syntax: () => {
      throw pgError('42601', 'syntax error at or near "selec"');
    },
  };
  beforeAll(async () => {
    await api.register(errorHandlerPlugin);
    for (const [name, fn] of Object.entries(thrown)) api.get(`/${name}`, async () => fn());
    await api.ready();
  });
  afterAll(async () => {
    await api.close();
    await deadPool.end();
  });

  it.each(['refused', 'admin', 'starting', 'broken', 'terminated'])(
    '%s: 503 with Retry-After and a Portuguese message, never 500',
    async (name) => {
      const res = await api.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        error: 'Serviço temporariamente indisponível.',
        code: 'SERVICE_UNAVAILABLE',
      });
    },
  );

  it('a bad query is still a 500 (a bug, not an outage)', async () => {
    const res = await api.inject({ method: 'GET', url: '/syntax' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
