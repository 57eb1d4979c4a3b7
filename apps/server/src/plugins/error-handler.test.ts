import '@eproto/domain';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
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
