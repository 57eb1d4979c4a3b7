/**
 * Splits a byte stream of newline-delimited JSON into parsed objects, keeping an incomplete
 * last line for the next chunk. Blank and malformed lines are skipped.
 */
export function createNdjsonParser<T>(onItem: (item: T) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  const flushLine = (line: string) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    try {
      onItem(JSON.parse(trimmed) as T);
    } catch {
      // A broken line must not break the whole answer.
    }
  };
  return {
    push(chunk: Uint8Array | string) {
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        flushLine(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
      }
    },
    end() {
      buffer += decoder.decode();
      flushLine(buffer);
      buffer = '';
    },
  };
}
