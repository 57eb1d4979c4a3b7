import { describe, expect, it } from 'vitest';

import { notificationTarget } from '../components/notification-target.ts';

const base = {
  type: 'mention',
  custom_text: null,
  author_id: 4,
  mural_id: null,
  protocol_id: null,
};

describe('notificationTarget', () => {
  it('opens the task, else the demand', () => {
    expect(
      notificationTarget({ ...base, type: 'deadline_reminder', mural_id: 2, protocol_id: 9 }),
    ).toBe('/eproto/protocols/9');
    expect(notificationTarget({ ...base, type: 'deadline_reminder', mural_id: 2 })).toBe(
      '/eproto/murals/2',
    );
  });

  it('opens the chat a mention came from', () => {
    expect(notificationTarget(base)).toBe('/operacional/chat?com=4');
    expect(notificationTarget({ ...base, custom_text: 'Chat do contrato CT-9: oi' })).toBe(
      '/operacional/chat-contrato?contrato=CT-9',
    );
  });

  it('opens the page the server linked, only inside the app', () => {
    const other = { ...base, type: 'other' };
    expect(notificationTarget({ ...other, link: '/ti/help/5' })).toBe('/ti/help/5');
    expect(notificationTarget({ ...other, link: '//evil.example' })).toBeNull();
    expect(notificationTarget({ ...other, link: 'https://evil.example' })).toBeNull();
  });

  it('opens nothing for a notice without an item', () => {
    expect(notificationTarget({ ...base, type: 'other' })).toBeNull();
  });
});
