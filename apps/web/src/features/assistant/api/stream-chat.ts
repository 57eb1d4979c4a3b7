import {
  ASSISTANT_STREAM_TYPE,
  CSRF_HEADER,
  CSRF_VALUE,
  type AssistantChatBody,
  type AssistantStreamEvent,
} from '@eproto/domain';

import { buildUrl, handleUnauthorized } from '../../../lib/api-client.ts';
import { ApiError, errorFromResponse, NETWORK_MESSAGE } from '../../../lib/api-error.ts';
import { createNdjsonParser } from '../utils/ndjson.ts';

const PATH = '/ai/chat';

/**
 * POST /ai/chat and reads the answer as it streams (NDJSON over fetch's ReadableStream).
 * Refusals before the stream (429, 404, 400) throw an ApiError with the server's Portuguese
 * message; `signal` stops reading (the stop button), which also stops the server.
 */
export async function streamChat(
  body: AssistantChatBody,
  options: { signal: AbortSignal; onEvent: (event: AssistantStreamEvent) => void },
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(PATH), {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: ASSISTANT_STREAM_TYPE,
        'Content-Type': 'application/json',
        [CSRF_HEADER]: CSRF_VALUE,
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
  }
  if (!res.ok || !res.body) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(await res.text());
    } catch {
      parsed = null;
    }
    if (res.status === 401) handleUnauthorized(PATH, false);
    throw errorFromResponse(res.status, parsed);
  }
  const parser = createNdjsonParser(options.onEvent);
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    parser.end();
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message:
        'A conexão caiu durante a resposta. Abra a conversa de novo para ver o que foi salvo.',
    });
  }
}
