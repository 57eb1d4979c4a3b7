import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { assetBody } from '@eproto/domain';
import { afterEach, describe, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { expectSchemaLimit } from '../../../test/schema-limit.ts';
import { AssetFormModal } from '../components/asset-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Novo ativo takes its text limits from the domain schema', () => {
  it('tag, place, maker, model, serial number and description', () => {
    stubApi();
    renderUi(<AssetFormModal opened onClose={() => {}} />);
    for (const [label, key] of [
      [/^Tag/, 'tag'],
      [/^Prédio/, 'predio'],
      [/^Andar/, 'andar'],
      [/^Sala/, 'sala'],
      [/^Fabricante/, 'fabricante'],
      [/^Modelo/, 'modelo'],
      [/^Nº de série/, 'numero_serie'],
      [/^Descrição/, 'descricao'],
    ] as const) {
      expectSchemaLimit(label, assetBody, key);
    }
  });
});
