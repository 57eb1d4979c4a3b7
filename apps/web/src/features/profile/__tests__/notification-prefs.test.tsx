import '../../../test/setup-dom.ts';

import type { Profile } from '@eproto/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { PROFILE_KEY } from '../api/get-profile.ts';
import { NotificationPrefs } from '../components/notification-prefs.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const profile: Profile = {
  id: 1,
  email: 'a@b.c',
  nome: 'Ana',
  type: 'equipe',
  rawType: 'Equipe',
  avatar: null,
  theme: 'dark',
  notificationPrefs: {
    mention: true,
    task_assigned: true,
    status_changed: true,
    date_changed: true,
    deadline_reminder: true,
    attachment: true,
    other: true,
    os_assigned: true,
    os_concluded: true,
    os_refused: true,
  },
};

function Prefs({ client }: { client: ReturnType<typeof testQueryClient> }) {
  const p = client.getQueryData<Profile>(PROFILE_KEY)!;
  return <NotificationPrefs profile={p} />;
}

describe('NotificationPrefs', () => {
  it('names every kind in Portuguese ("Etapa atualizada", not "Status")', () => {
    const client = testQueryClient();
    client.setQueryData(PROFILE_KEY, profile);
    renderUi(<Prefs client={client} />, { client });
    expect(screen.getByRole('switch', { name: /Etapa atualizada/ })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bStatus\b/);
  });

  it('saves one type switched off', async () => {
    const client = testQueryClient();
    client.setQueryData(PROFILE_KEY, profile);
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...profile,
        notificationPrefs: { ...profile.notificationPrefs, mention: false },
      }),
    );
    renderUi(<Prefs client={client} />, { client });
    fireEvent.click(screen.getByRole('switch', { name: /Menção no chat/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe('/api/profile');
    expect(JSON.parse(init?.body as string)).toEqual({ notificationPrefs: { mention: false } });
    await waitFor(() =>
      expect(client.getQueryData<Profile>(PROFILE_KEY)!.notificationPrefs.mention).toBe(false),
    );
  });

  it('rolls the switch back with a toast when saving fails', async () => {
    const client = testQueryClient();
    client.setQueryData(PROFILE_KEY, profile);
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Falhou aqui.', code: 'X' }, 500));
    renderUi(<Prefs client={client} />, { client });
    fireEvent.click(screen.getByRole('switch', { name: /Aviso/ }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(client.getQueryData<Profile>(PROFILE_KEY)!.notificationPrefs.other).toBe(true);
    expect(vi.mocked(notifications.show).mock.calls[0]![0].message).toBe('Falhou aqui.');
  });
});
