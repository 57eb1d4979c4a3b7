import { addDaysTo, EPI_DECLARATION, formatDateBr, todayIn } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfFontsUsed, pdfViewerText } from '../../../test/pdf-render.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { client, drawnSignature, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let ti: ReturnType<typeof client>;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  ti = client(t, s.ti.cookie);
});
afterAll(async () => t.close());

async function deliverItem(nome: string, ca: string, caValidade: string) {
  const item = await coord.post('/api/tatico/epi/itens', {
    nome,
    ca_numero: ca,
    ca_validade: caValidade,
    tamanho: 'G',
    vida_util_dias: 90,
    estoque_inicial: 5,
    estoque_minimo: 1,
  });
  expect(item.statusCode, item.body).toBe(201);
  const res = await coord.post('/api/tatico/epi/entregas', {
    colaborador_id: s.equipe.id,
    item_id: item.json().id,
    data: today,
    quantidade: 1,
    motivo: 'admissao',
    ...drawnSignature(),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('ficha de EPI', () => {
  it('before company and employee data exist, says what is missing instead of failing', async () => {
    const sheet = (await coord.get(`/api/tatico/epi/fichas/${s.equipe.id}`)).json();
    expect(sheet.empresa).toBeNull();
    expect(sheet.colaborador).toMatchObject({ cpf: null, matricula: null, admissao: null });
    const text = pdfText((await coord.get(`/api/tatico/epi/fichas/${s.equipe.id}/pdf`)).rawPayload);
    expect(text).toContain('Empresa: ');
    expect(text).toContain('não informado');
  });

  it('holds employer, employee record, CA validity per item, the NR-6 declaration and signatures', async () => {
    expect(
      (await ti.put('/api/empresa', { nome: 'Serviços de Campo Ltda.', cnpj: '11222333000181' }))
        .statusCode,
    ).toBe(200);
    const patch = await ti.patch(`/api/users/${s.equipe.id}`, {
      cpf: '529.982.247-25',
      matricula: 'CAMPO-0107',
      funcao: 'Técnico de manutenção',
      admissao: '2023-03-06',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const caValidade = addDaysTo(today, 200);
    await deliverItem('Capacete classe B', '31469', caValidade);
    await deliverItem('Luva isolante', '28011', addDaysTo(today, 400));

    const sheet = (await coord.get(`/api/tatico/epi/fichas/${s.equipe.id}`)).json();
    expect(sheet.empresa).toEqual({ nome: 'Serviços de Campo Ltda.', cnpj: '11222333000181' });
    expect(sheet.colaborador).toMatchObject({
      nome: 'Pessoa Equipe',
      cpf: '52998224725',
      matricula: 'CAMPO-0107',
      funcao: 'Técnico de manutenção',
      admissao: '2023-03-06',
    });

    const res = await coord.get(`/api/tatico/epi/fichas/${s.equipe.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Ficha de Controle de EPI',
      'EMPREGADOR',
      'Serviços de Campo Ltda.',
      '11.222.333/0001-81',
      'COLABORADOR',
      'Pessoa Equipe',
      '529.982.247-25',
      'CAMPO-0107',
      'Técnico de manutenção',
      '06/03/2023',
      'Validade CA',
      'Capacete classe B',
      '31469',
      formatDateBr(caValidade),
      'DECLARAÇÃO DO COLABORADOR',
      'Assinatura do colaborador',
      'Responsável pela entrega',
      'Local e data:',
      '2 entregas',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // the whole NR-6 declaration (justified: pdfkit places each word apart, so compare
    // without spaces): received free of charge, trained, responsible for keeping them
    const bare = (v: string) => v.replace(/\s/g, '');
    expect(bare(text)).toContain(bare(EPI_DECLARATION));
    for (const duty of ['recebi gratuitamente', 'treinamento e orientação', 'guarda e conservação'])
      expect(EPI_DECLARATION).toContain(duty);
  });
});

describe('ficha de EPI with emoji', () => {
  it('prints an emoji of an item name as the emoji, never as garbage', async () => {
    await deliverItem('Luva 🧤 nitrílica', '45678', addDaysTo(today, 300));
    const pdf = (await coord.get(`/api/tatico/epi/fichas/${s.equipe.id}/pdf`)).rawPayload;
    const text = pdfViewerText(pdf).join('\n');
    expect(text).toContain('🧤');
    expect(text).not.toMatch(/Ø>|Ø=/);
    expect(pdfFontsUsed(pdf).has('NotoEmoji-Regular')).toBe(true);
  });
});
