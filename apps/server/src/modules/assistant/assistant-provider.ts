import type { ToolSpec } from './assistant-tools.ts';

/** A message of the chat-completions API. */
export type ProviderMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ProviderToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ProviderToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ProviderConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Longest wait for the first byte and between two chunks. */
  timeoutMs: number;
}

/** Why a provider call failed; `message` is the Portuguese text shown in the chat. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'auth' | 'limit' | 'http' | 'network' | 'format',
  ) {
    super(message);
  }
}

const MESSAGES = {
  timeout: 'O provedor de IA demorou demais para responder. Tente novamente em instantes.',
  auth: 'O provedor de IA recusou a chave de acesso configurada. Avise a equipe de TI.',
  limit: 'O provedor de IA atingiu o limite de uso agora. Tente novamente em instantes.',
  http: 'O provedor de IA respondeu com um erro. Tente novamente em instantes.',
  network: 'Não foi possível falar com o provedor de IA agora. Tente novamente em instantes.',
  format: 'O provedor de IA enviou uma resposta que não entendi. Tente novamente.',
} as const;

export const providerError = (reason: ProviderError['reason']) =>
  new ProviderError(MESSAGES[reason], reason);

export type ProviderEvent =
  { type: 'text'; text: string } | { type: 'tool_calls'; calls: ProviderToolCall[] };

interface ChunkDelta {
  content?: string | null;
  tool_calls?: Array<{
    index?: number;
    id?: string;
    function?: { name?: string; arguments?: string };
  }>;
}

/** The events of a non-streamed completion. */
function* whole(body: unknown): Generator<ProviderEvent> {
  const message = (body as { choices?: Array<{ message?: ChunkDelta }> } | null)?.choices?.[0]
    ?.message;
  if (!message) throw providerError('format');
  if (message.content) yield { type: 'text', text: message.content };
  const calls = (message.tool_calls ?? []).map((c, i) => ({
    id: c.id ?? `call_${i}`,
    type: 'function' as const,
    function: { name: c.function?.name ?? '', arguments: c.function?.arguments ?? '' },
  }));
  if (calls.length) yield { type: 'tool_calls', calls };
}

/**
 * One streamed chat completion (OpenAI-compatible `POST {base}/chat/completions`, SSE chunks):
 * yields text pieces as they arrive, then the tool calls assembled from their fragments.
 * `signal` stops it (the user pressed stop); silence longer than timeoutMs is a timeout.
 */
export async function* streamCompletion(
  cfg: ProviderConfig,
  body: { messages: ProviderMessage[]; tools: ToolSpec[] },
  signal: AbortSignal,
): AsyncGenerator<ProviderEvent> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, cfg.timeoutMs);
  };
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  arm();
  try {
    let res: Response;
    try {
      res = await fetch(`${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: cfg.model,
          messages: body.messages,
          tools: body.tools,
          tool_choice: 'auto',
          stream: true,
          temperature: 0.2,
        }),
        signal: controller.signal,
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw providerError(timedOut ? 'timeout' : 'network');
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw providerError(
        res.status === 401 || res.status === 403 ? 'auth' : res.status === 429 ? 'limit' : 'http',
      );
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      // A server that ignores `stream: true` answers one JSON completion.
      yield* whole(await res.json().catch(() => null));
      return;
    }
    const calls = new Map<number, ProviderToolCall>();
    const decoder = new TextDecoder();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let buffer = '';
    let done = false;
    try {
      while (!done) {
        arm();
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            done = true;
            break;
          }
          let chunk: { choices?: Array<{ delta?: ChunkDelta }> };
          try {
            chunk = JSON.parse(data) as typeof chunk;
          } catch {
            throw providerError('format');
          }
          const delta = chunk.choices?.[0]?.delta;
          if (delta?.content) yield { type: 'text', text: delta.content };
          for (const part of delta?.tool_calls ?? []) {
            const i = part.index ?? 0;
            const call = calls.get(i) ?? {
              id: part.id ?? `call_${i}`,
              type: 'function' as const,
              function: { name: '', arguments: '' },
            };
            if (part.id) call.id = part.id;
            call.function.name += part.function?.name ?? '';
            call.function.arguments += part.function?.arguments ?? '';
            calls.set(i, call);
          }
        }
      }
    } catch (err) {
      if (err instanceof ProviderError || signal.aborted) throw err;
      throw providerError(timedOut ? 'timeout' : 'network');
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    if (calls.size) yield { type: 'tool_calls', calls: [...calls.values()] };
  } finally {
    if (timer) clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
