import { serviceOrders } from './service-orders.ts';
import { workItemTables } from './work-items.ts';

/** The conversation of an OS (messages with @mentions, attachments, their history). */
const osThread = workItemTables('service_order', 'serviceOrderId', () => serviceOrders.id);
export const serviceOrderMessages = osThread.messages;
export const serviceOrderAttachments = osThread.attachments;
export const serviceOrderHistory = osThread.history;
