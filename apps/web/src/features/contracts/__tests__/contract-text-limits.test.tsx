import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { contractCreateBody } from '@eproto/domain';
import { afterEach, describe, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { expectSchemaLimit } from '../../../test/schema-limit.ts';
import { ContractFormModal } from '../components/contract-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Novo contrato takes its text limits from the domain schema', () => {
  it('code, name, customer and description', () => {
    stubApi();
    renderUi(<ContractFormModal opened contract={null} onClose={() => {}} />);
    expectSchemaLimit(/^Código/, contractCreateBody, 'codigo');
    expectSchemaLimit(/^Nome/, contractCreateBody, 'nome');
    expectSchemaLimit(/^Cliente/, contractCreateBody, 'cliente');
    expectSchemaLimit(/^Descrição/, contractCreateBody, 'descricao');
  });
});
