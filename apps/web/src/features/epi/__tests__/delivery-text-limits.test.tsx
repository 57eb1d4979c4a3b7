import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { deliveryBody } from '@eproto/domain';
import { afterEach, describe, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { expectSchemaLimit } from '../../../test/schema-limit.ts';
import { DeliveryModal } from '../components/delivery-modal.tsx';

HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
afterEach(() => vi.unstubAllGlobals());

describe('Nova entrega de EPI takes its text limit from the domain schema', () => {
  it('the observation', () => {
    stubApi();
    renderUi(<DeliveryModal opened onClose={() => {}} />);
    expectSchemaLimit(/^Observação/, deliveryBody, 'observacao');
  });
});
