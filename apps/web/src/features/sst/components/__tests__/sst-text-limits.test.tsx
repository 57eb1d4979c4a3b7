import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { asoBody, sstOverrideBody, trainingRecordBody } from '@eproto/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { expectSchemaLimit } from '../../../../test/schema-limit.ts';
import { AsoModal } from '../aso-modal.tsx';
import { RecordModal } from '../record-modal.tsx';
import { SstReleaseModal } from '../sst-release-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// Each text field of the SST forms stops at the limit of the body schema the server checks.
describe('SST forms take their text limits from the domain schemas', () => {
  it('Registrar ASO: doctor, CRM and restrictions', async () => {
    stubApi();
    renderUi(<AsoModal userId={7} periodicity={12} onClose={() => {}} />);
    expectSchemaLimit(/^Médico/, asoBody, 'medico');
    expectSchemaLimit(/^CRM/, asoBody, 'crm');
    await userEvent.click(screen.getByRole('combobox', { name: /^Resultado/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Apto com restrições' }));
    expectSchemaLimit(/^Restrições/, asoBody, 'restricoes');
  });

  it('Registrar treinamento: instructor', () => {
    stubApi();
    renderUi(<RecordModal userId={7} onClose={() => {}} />);
    expectSchemaLimit(/^Instrutor ou entidade/, trainingRecordBody, 'instrutor');
  });

  it("the release's written reason", () => {
    renderUi(
      <SstReleaseModal opened reasons={['X']} mayRelease onClose={() => {}} onRelease={() => {}} />,
    );
    expectSchemaLimit(/^Justificativa da liberação/, sstOverrideBody, 'motivo');
  });
});
