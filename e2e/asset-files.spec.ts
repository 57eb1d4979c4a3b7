import sharp from 'sharp';
import type { AssetDetail, AssetFiles, AssetType } from '../packages/domain/src/index.ts';
import { expect, get, post, test } from './support/people.ts';
import { DEVICES, press, screenshotThemes } from './support/devices.ts';

// Issue 34, point 1: photos and documents of an asset. Gestão takes a photo of the plate on a
// touch phone (the camera's 3000 px JPEG is shrunk on the phone before it is sent, as the OS
// photos are), sees its thumbnail listed, attaches the manual in PDF (name and size listed),
// removes it after confirming and finds the removal in the history. Equipe sees the files and
// no upload. At 390 px (touch) and 1440 px, light and dark; what was stored is read back.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** A camera-sized photo: 3000×2000 of noise, so it does not compress to nothing. */
async function cameraPhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

// One flow per device; the themes only change the pictures (screenshotThemes), not the flow.
for (const [device, options] of DEVICES) {
  test(`gestão attaches a photo and a PDF to an asset (${device}, light and dark)`, async ({
    people,
  }) => {
    test.setTimeout(180_000);
    const contract = await people.contract(`Hospital ${people.tag()}`);
    const coord = await people.person('Coordenador', { contracts: [contract.id] });
    const api = await people.api(coord);
    const types = await get<{ items: AssetType[] }>(api, '/api/tatico/ativos/tipos');
    const tipo = types.items.find((t) => t.nome === 'Bomba')!;
    const { asset } = await post<AssetDetail>(api, '/api/tatico/ativos', {
      contract_id: contract.id,
      type_id: tipo.id,
      tag: `BR-${people.tag()}`,
      predio: 'Bloco C',
    });
    const page = await people.page(coord, options);
    await page.goto(`/tatico/agenda/ativos/${asset.id}`);
    const section = page.getByTestId('asset-files');
    await expect(section).toContainText('Nenhuma foto ou documento ainda');

    const photo = await cameraPhoto();
    const [camera] = await Promise.all([
      page.waitForEvent('filechooser'),
      press(device, section.getByText('Tirar foto')),
    ]);
    expect(camera.element()).toBeTruthy();
    await camera.setFiles({ name: 'placa.jpg', mimeType: 'image/jpeg', buffer: photo });
    const thumb = section.getByTestId('asset-photos').getByRole('img', { name: 'placa.jpg' });
    await expect(thumb).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      press(device, section.getByText('Anexar arquivo')),
    ]);
    await chooser.setFiles({
      name: 'Manual da bomba.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const docs = section.getByTestId('asset-documents');
    await expect(docs).toContainText('Manual da bomba.pdf');
    await expect(docs).toContainText(`${PDF.length} B`);
    await section.scrollIntoViewIfNeeded();
    await screenshotThemes(page, (theme) => `${SHOTS}/asset-files-${device}-${theme}.png`, {
      fullPage: true,
    });

    // Stored: the photo shrunk on the phone to 1600 px, a JPEG; the PDF byte for byte.
    const files = await get<AssetFiles>(api, `/api/tatico/ativos/${asset.id}/arquivos`);
    expect(files.items.map((f) => [f.tipo, f.nome, f.mime])).toEqual([
      ['foto', 'placa.jpg', 'image/jpeg'],
      ['documento', 'Manual da bomba.pdf', 'application/pdf'],
    ]);
    const stored = await api.get(`/api/tatico/ativos/${asset.id}/arquivos/${files.items[0]!.id}`);
    const meta = await sharp(await stored.body()).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(1600);
    expect(files.items[0]!.tamanho).toBeLessThan(photo.length);
    const pdf = await api.get(`/api/tatico/ativos/${asset.id}/arquivos/${files.items[1]!.id}`);
    expect((await pdf.body()).equals(PDF)).toBe(true);

    // Removing asks first; the history keeps it.
    await press(device, docs.getByRole('button', { name: 'Remover Manual da bomba.pdf' }));
    const confirm = page.getByRole('dialog', { name: 'Remover o documento' });
    await press(device, confirm.getByRole('button', { name: 'Remover' }));
    await expect(docs).toBeHidden();
    await press(device, section.getByRole('button', { name: /Histórico de arquivos/ }));
    await expect(section.getByTestId('asset-files-history')).toContainText(
      `Documento Manual da bomba.pdf removido por ${coord.nome}`,
    );
    const after = await get<AssetFiles>(api, `/api/tatico/ativos/${asset.id}/arquivos`);
    expect(after.items.map((f) => f.nome)).toEqual(['placa.jpg']);

    if (device === 'phone') {
      // Equipe of the contract sees the photo, with no upload and no remove.
      const tech = await people.person('Equipe', { contracts: [contract.id] });
      const techPage = await people.page(tech, options);
      await techPage.goto(`/tatico/agenda/ativos/${asset.id}`);
      const techSection = techPage.getByTestId('asset-files');
      await expect(techSection.getByRole('img', { name: 'placa.jpg' })).toBeVisible();
      await expect(techSection.getByText('Tirar foto')).toHaveCount(0);
      await expect(techSection.getByRole('button', { name: /Remover/ })).toHaveCount(0);
    }
  });
}
