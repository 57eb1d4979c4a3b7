import '../../../../test/setup-dom.ts';

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import type { GeoReading } from '../../hooks/use-geolocation.ts';
import type { PhotoStamp } from '../../utils/photo-stamp.ts';
import { PhotoCapture, type CapturedPhoto } from '../photo-capture.tsx';

beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

const at = new Date(2026, 10, 26, 9, 5, 0);
const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });

function setup(reading: GeoReading) {
  const stamps: PhotoStamp[] = [];
  const prepare = vi.fn((_file: File, stamp: PhotoStamp) => {
    stamps.push(stamp);
    return Promise.resolve(new Blob(['carimbada'], { type: 'image/jpeg' }));
  });
  const sent: CapturedPhoto[] = [];
  const onSend = vi.fn((photos: CapturedPhoto[]) => {
    sent.push(...photos);
    return Promise.resolve();
  });
  renderUi(
    <PhotoCapture
      osNumero="OS-2026-000042"
      onSend={onSend}
      defaultMomento="antes"
      prepare={prepare}
      locate={() => Promise.resolve(reading)}
    />,
  );
  return { stamps, sent, prepare, onSend };
}

describe('PhotoCapture', () => {
  it('opens the rear camera for one photo, and the gallery for several', () => {
    setup({ posicao: null, falha: 'negado', em: at });
    const input = screen.getByTestId('photo-input');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.hasAttribute('multiple')).toBe(false);
    expect(screen.getByText('Tirar foto')).toBeTruthy();
    const gallery = screen.getByTestId('photo-gallery-input');
    expect(gallery.getAttribute('accept')).toBe('image/*');
    expect(gallery.hasAttribute('capture')).toBe(false);
    expect(gallery.hasAttribute('multiple')).toBe(true);
    expect(screen.getByText('Escolher da galeria')).toBeTruthy();
  });

  it('stamps each of several photos chosen at once and sends them together, each with its caption', async () => {
    const { stamps, sent, onSend } = setup({ posicao: null, falha: null, em: at });
    const files = [1, 2, 3].map(
      (n) => new File([new Uint8Array([0xff, 0xd8, n])], `foto-${n}.jpg`, { type: 'image/jpeg' }),
    );
    fireEvent.change(screen.getByTestId('photo-gallery-input'), { target: { files } });
    expect(await screen.findByText('3 fotos escolhidas')).toBeTruthy();
    expect(stamps).toHaveLength(3);
    expect(screen.getAllByTestId('photo-preview-item')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Legenda da foto 1'), 'Antes da limpeza');
    await userEvent.type(screen.getByLabelText('Legenda da foto 3'), 'Etiqueta');
    // One of them left out before sending.
    await userEvent.click(screen.getByRole('button', { name: 'Tirar a foto 2 do envio' }));
    expect(screen.getAllByTestId('photo-preview-item')).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: 'Antes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar 2 fotos' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(sent.map((p) => [p.legenda, p.momento])).toEqual([
      ['Antes da limpeza', 'antes'],
      ['Etiqueta', 'antes'],
    ]);
    expect(await screen.findByText('Escolher da galeria')).toBeTruthy();
  });

  it('refuses a batch with a file that is not an image', async () => {
    const { prepare } = setup({ posicao: null, falha: null, em: at });
    const pdf = new File(['%PDF'], 'x.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('photo-gallery-input'), {
      target: { files: [jpeg(), pdf] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha só fotos (imagens).');
    expect(prepare).not.toHaveBeenCalled();
  });

  it('stamps the OS number, time and position, then sends the tag, caption and metadata', async () => {
    const { stamps, sent } = setup({
      posicao: { latitude: -23.5, longitude: -46.6, precisao_m: 9 },
      falha: null,
      em: at,
    });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [jpeg()] } });
    await screen.findByTestId('photo-preview');
    expect(stamps[0]).toEqual({
      osNumero: 'OS-2026-000042',
      tiradaEm: at,
      posicao: { latitude: -23.5, longitude: -46.6, precisao_m: 9 },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Depois' }));
    await userEvent.type(screen.getByLabelText('Legenda'), 'Filtro limpo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar foto' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      momento: 'depois',
      legenda: 'Filtro limpo',
      meta: {
        tirada_em: at.toISOString(),
        latitude: -23.5,
        longitude: -46.6,
        precisao_m: 9,
        carimbo: 'OS-2026-000042 · 26/11/2026 09:05:00 · -23,50000, -46,60000 (±9 m)',
      },
    });
    expect(await screen.findByText('Tirar foto')).toBeTruthy();
  });

  it('goes on without GPS, saying the position was not given', async () => {
    const { stamps, sent } = setup({ posicao: null, falha: 'negado', em: at });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [jpeg()] } });
    await screen.findByText(/Sem GPS: posição não informada/);
    expect(stamps[0]?.posicao).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar foto' }));
    await waitFor(() => expect(sent[0]?.meta.carimbo).toMatch(/posição não informada$/));
    expect(sent[0]?.momento).toBe('antes');
  });

  it('refuses a file that is not an image before doing anything', async () => {
    const { prepare } = setup({ posicao: null, falha: null, em: at });
    const pdf = new File(['%PDF'], 'x.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [pdf] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha uma foto (imagem).');
    expect(prepare).not.toHaveBeenCalled();
  });

  it('keeps the photo on screen with the server message when sending fails', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('Arquivo maior que 20 MB.')));
    renderUi(
      <PhotoCapture
        osNumero="OS-2026-000042"
        onSend={onSend}
        prepare={() => Promise.resolve(new Blob(['x']))}
        locate={() => Promise.resolve({ posicao: null, falha: null, em: at })}
      />,
    );
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [jpeg()] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Arquivo maior que 20 MB.');
    expect(screen.getByTestId('photo-preview')).toBeTruthy();
  });
});
