import type { ChatPreview } from '@eproto/domain';
import { foldRole } from '@eproto/domain';

/** One-line preview of a conversation's last message. */
export function previewText(last: ChatPreview | null, showSender = false): string | undefined {
  if (!last) return undefined;
  const body = last.content || (last.fileName ? `Arquivo: ${last.fileName}` : '');
  if (last.fromMe) return `Você: ${body}`;
  if (showSender && last.senderNome) return `${last.senderNome.split(' ')[0]}: ${body}`;
  return body;
}

/** True when every word typed appears in one of the texts (accents and case ignored). */
export function matchesSearch(search: string, ...texts: Array<string | null | undefined>): boolean {
  const words = foldRole(search).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const hay = foldRole(texts.filter(Boolean).join(' '));
  return words.every((w) => hay.includes(w));
}
