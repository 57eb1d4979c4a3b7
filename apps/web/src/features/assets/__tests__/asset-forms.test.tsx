import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { AssetMeterSection } from '../components/asset-meter.tsx';
import ScanLabelTypedForm from '../components/scan-label-typed-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The asset page's hour meter (meterReadingBody) and "Digitar código" of "Ler etiqueta"
// (assetLabelTypedFields) run the domain's schemas through react-hook-form, each in a module
// of its own loaded after the page.

describe('AssetMeterSection', () => {
  it("a reading with two decimals shows the domain's message and records nothing", async () => {
    const history = { leituras: [], uso_medio_dia: null };
    const api = stubApi({
      'GET /api/tatico/ativos/7/horimetro': history,
      'POST /api/tatico/ativos/7/horimetro': history,
    });
    const user = userEvent.setup({ delay: null });
    renderUi(<AssetMeterSection assetId={7} />);
    // The form's own chunk arrives after the readings (slow on a busy machine).
    const button = await screen.findByRole(
      'button',
      { name: 'Registrar leitura' },
      { timeout: 15_000 },
    );
    await user.click(button);
    expect(await screen.findByText('Informe a leitura do horímetro (horas).')).toBeTruthy();

    const horas = screen.getByRole('textbox', { name: /^Leitura \(h\)/ });
    const data = screen.getByRole('textbox', { name: /^Data/ });
    await user.clear(data);
    await user.type(data, '31/02/2026');
    await user.type(horas, '1.250,5');
    await user.click(button);
    expect(await screen.findByText(/31\/02\/2026 não existe|data inválida/)).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/ativos/7/horimetro')).toEqual([]);

    await user.clear(data);
    await user.type(data, '27/11/2026');
    await user.click(button);
    await waitFor(() =>
      expect(api.bodies('POST', '/api/tatico/ativos/7/horimetro')).toEqual([
        { horas: 1250.5, data: '2026-11-27' },
      ]),
    );
  });
});

describe('ScanLabelTypedForm', () => {
  it("a blank tag shows the domain's message and looks nothing up; a tag goes trimmed", async () => {
    const onLookup = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderUi(<ScanLabelTypedForm looking={false} onLookup={onLookup} />);
    const field = screen.getByRole('textbox', { name: /^Tag da etiqueta/ });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Digite a tag impressa na etiqueta.')).toBeTruthy();
    expect(onLookup).not.toHaveBeenCalled();

    await user.type(field, 'ac-c3-301 ');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(onLookup).toHaveBeenCalledWith('ac-c3-301'));
  });
});
