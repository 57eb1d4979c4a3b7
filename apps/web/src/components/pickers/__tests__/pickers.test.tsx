import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { keptOffline } from '../../../lib/offline/query-persistence.ts';
import { stubApi } from '../../../test/api-capture.ts';
import { renderUi, urlOf } from '../../../test/render.tsx';
import { PICKER_KEYS } from '../keys.ts';
import { usePeople, usePeopleSearch } from '../people.ts';
import { PeopleMultiSelect, PersonSelect } from '../people-select.tsx';

afterEach(() => vi.unstubAllGlobals());

const PEOPLE = {
  items: [{ id: 7, nome: 'Rui Campos', email: 'rui@x.test', role: 'Equipe', type: 'equipe' }],
};

function Names() {
  const people = usePeople();
  return <p>{people.data?.map((p) => p.nome).join(', ') ?? 'carregando'}</p>;
}

function FichasSearch() {
  const found = usePeopleSearch('');
  return <p>{found.data?.length ?? 0} na busca</p>;
}

describe('field pickers', () => {
  it('asks the server once for the people however many screens pick them', async () => {
    const api = stubApi({ 'GET /api/tatico/pessoas': PEOPLE });
    const { client } = renderUi(
      <>
        <Names />
        <PersonSelect label="Condutor" />
        <PeopleMultiSelect label="Equipe" />
        <FichasSearch />
      </>,
    );
    expect(await screen.findByText('Rui Campos', { selector: 'p' })).toBeTruthy();
    expect(await screen.findByText('1 na busca')).toBeTruthy();
    const asked = api.mock.mock.calls.filter(([u]) => urlOf(u).includes('/api/tatico/pessoas'));
    expect(asked).toHaveLength(1);
    expect(client.getQueryCache().findAll({ queryKey: ['people'] })).toHaveLength(1);
    expect(client.getQueryData(PICKER_KEYS.people)).toEqual(PEOPLE);
  });

  it('keeps every picker on the phone for offline use', () => {
    for (const key of Object.values(PICKER_KEYS))
      expect(keptOffline(key), key.join('/')).toBe(true);
  });
});
