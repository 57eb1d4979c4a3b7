import { protocolAttachments, protocolHistory, protocolMessages } from '../../db/schema/index.ts';
import { threadView } from '../work-items/work-items.repo.ts';

/** The thread tables of a task (messages, attachments, history), keyed by `protocolId`. */
export const protocolThreadTables = threadView(
  { messages: protocolMessages, attachments: protocolAttachments, history: protocolHistory },
  'protocolId',
);
