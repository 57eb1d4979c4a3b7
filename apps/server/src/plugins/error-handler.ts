import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, RetryLaterError } from '../lib/errors.ts';
import { StorageUnavailableError } from '../lib/s3-storage.ts';

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DB_RETRY_AFTER_SECONDS = 5;

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'O corpo da requisição está vazio.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Requisição grande demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Tamanho do conteúdo inválido.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Arquivo grande demais.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'Envie o arquivo como multipart/form-data.'],
  FST_PARTS_LIMIT: [413, 'Partes demais na requisição.'],
  FST_FILES_LIMIT: [413, 'Arquivos demais na requisição.'],
  FST_FIELDS_LIMIT: [413, 'Campos demais na requisição.'],
  FST_ERR_VALIDATION: [400, 'Dados inválidos.'],
};

const MULTIPART_BROKEN =
  /Unexpected end of (multipart data|form)|Malformed part header|Boundary not found|Multipart: /i;

/** One place that turns every error into `{ error, code, reqId }`; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RetryLaterError) reply.header('Retry-After', String(err.retryAfterSec));
      return reply
        .status(err.statusCode)
        .send({ error: err.message, code: err.code, reqId: req.id, field: err.field });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field = where || err.validationContext || '';
      const message = issue?.message ?? 'Dados inválidos.';
      // Our schemas speak in whole sentences ("Informe seu nome.", "Convite inválido ou
      // expirado."), sent as they are; zod's own pt-BR messages ("Pequeno demais: ...") have no
      // final period and get the field's name in front.
      const ours = message.endsWith('.');
      return reply.status(400).send({
        error: field && !ours ? `Campo "${field}" inválido: ${message}` : message,
        code: 'VALIDATION',
        reqId: req.id,
        field: field || undefined,
      });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({
        error: 'Muitas requisições. Aguarde um pouco e tente novamente.',
        code: 'RATE_LIMITED',
        reqId: req.id,
      });
    }
    // busboy/dicer raise plain Errors for a broken multipart body: the client's fault.
    if (!err.statusCode && MULTIPART_BROKEN.test(err.message)) {
      return reply.status(400).send({
        error: 'Envio de arquivo incompleto ou malformado. Tente novamente.',
        code: 'BAD_MULTIPART',
        reqId: req.id,
      });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) {
      return reply.status(known[0]).send({ error: known[1], code: err.code, reqId: req.id });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .status(err.statusCode)
        .send({ error: 'Requisição inválida.', code: err.code ?? 'BAD_REQUEST', reqId: req.id });
    }
    // The database is down or restarting (supervised, or an external server coming back), or
    // the S3 file store cannot be reached or fails on its side: a temporary condition, not a
    // bug; the client may try again shortly.
    const storageDown = err instanceof StorageUnavailableError;
    if (storageDown || isDatabaseUnavailable(err)) {
      req.log.warn(
        { code: err.code, reason: storageDown ? String(err.cause) : err.message },
        storageDown ? 'Armazenamento de arquivos indisponível' : 'Banco de dados indisponível',
      );
      return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_SECONDS)).send({
        error: 'Serviço temporariamente indisponível.',
        code: 'SERVICE_UNAVAILABLE',
        reqId: req.id,
      });
    }
    req.log.error({ err }, 'Erro não tratado');
    return reply.status(500).send({
      error: 'Erro interno do servidor. Tente novamente em instantes.',
      code: 'INTERNAL',
      reqId: req.id,
    });
  });
});
