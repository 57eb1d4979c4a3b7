import '../../../../test/setup-dom.ts';
import type { OsPhoto } from '@eproto/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { OsPhotoGrid } from '../os-photo-grid.tsx';
import OsPhotoViewer from '../os-photo-viewer.tsx';

// The real viewer, watched: which props it was rendered with, and when.
vi.mock('../os-photo-viewer.tsx', async (importOriginal) => {
  const real = await importOriginal<{ default: typeof OsPhotoViewer }>();
  return { default: vi.fn(real.default) };
});

afterEach(() => vi.mocked(OsPhotoViewer).mockClear());

const PHOTO: OsPhoto = {
  id: 31,
  url: '/api/tatico/os/1/fotos/31',
  miniatura_url: '/api/tatico/os/1/fotos/31?miniatura=1',
  mime_type: 'image/jpeg',
  tamanho: 1234,
  sha256: 'a'.repeat(64),
  tirada_em: '2026-11-26T13:05:00.000Z',
  latitude: null,
  longitude: null,
  precisao_m: null,
  tag: 'antes',
  legenda: 'Quadro aberto',
  checklist_item_id: null,
  enviada_por: { id: 7, nome: 'Bruno Oliveira' },
  created_at: '2026-11-26T13:06:00.000Z',
};

describe('OsPhotoViewer', () => {
  it('mounted with a photo, opens on the next frame (so its transition runs) instead of at once', async () => {
    renderUi(<OsPhotoViewer photo={PHOTO} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Quadro aberto' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Quadro aberto' })).toBeTruthy();
  });
});

describe('OsPhotoGrid', () => {
  it('mounts the viewer, closed, on the first intent to open a photo, before the tap', async () => {
    const user = userEvent.setup();
    renderUi(<OsPhotoGrid photos={[PHOTO]} />);
    const thumb = screen.getByRole('button', { name: 'Abrir foto Quadro aberto' });
    fireEvent.pointerEnter(thumb);
    // The viewer is there (its chunk loaded, its Modal mounted closed) before anything opened.
    await vi.waitFor(() =>
      expect(vi.mocked(OsPhotoViewer)).toHaveBeenLastCalledWith(
        expect.objectContaining({ photo: null }),
        undefined,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(thumb);
    expect(await screen.findByRole('dialog', { name: 'Quadro aberto' })).toBeTruthy();
  });
});
