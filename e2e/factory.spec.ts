import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { PDFNumber} from 'pdf-lib';
import { PDFDocument, PDFDict, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { buyTee } from './helpers/shop';
import { signInAsStaff } from './helpers/session';

/**
 * The factory floor end to end: a shopper pays with the test card; staff find the order in atlas, print its labels
 * (the PDF has one page per unit and its barcodes decode back to the label ids), scan them in picking, dispatch
 * with a tracking code; the shopper's receipt shows 100 % and the tracking code, and the dispatch mail is in the
 * outbox.
 */


/** Every image on a PDF page, decoded from its content stream to grey levels, then read as a barcode. */
async function barcodesOnPage(pdf: PDFDocument, index: number): Promise<{ format: string; text: string }[]> {
  const page = pdf.getPage(index);
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const found: { format: string; text: string }[] = [];
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (stream.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (stream.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = decodePDFRawStream(stream).decode();
    const channels = pixels.length / (width * height);
    const grey = new Uint8ClampedArray(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = pixels[i * channels]!;
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.TRY_HARDER, true],
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    ]);
    const result = new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height))), hints);
    found.push({ format: BarcodeFormat[result.getBarcodeFormat()]!, text: result.getText() });
  }
  return found;
}

test('a paid order travels through the floor: labels with barcodes, picking into a pigeonhole, dispatch, 100 % on the receipt', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The shopper buys two of one tee with the test card.
  const number = await buyTee(page, 'Forest Green', 'L', 2);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const receiptUrl = page.url();

  // Staff, in their own browser session.
  const staffContext = await browser.newContext({ acceptDownloads: true, viewport: page.viewportSize() ?? undefined });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  await staff.getByLabel('Search').fill(`#${number}`);
  await staff.getByRole('button', { name: 'Show orders' }).click();
  await expect(staff.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
  await staff.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();

  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Print labels (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('labels-2.pdf');
  const pdf = await PDFDocument.load(await readFile((await download.path())!));
  expect(pdf.getPageCount()).toBe(2);
  await expect(staff.getByRole('status').filter({ hasText: `Labels of order #${number} printed.` })).toBeVisible();
  const labelIds = await staff.locator('[data-label-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-label-id')!));
  expect(labelIds).toHaveLength(2);
  for (const [i, id] of labelIds.entries()) {
    const codes = await barcodesOnPage(pdf, i);
    expect(codes).toEqual([
      { format: 'CODE_128', text: id },
      { format: 'QR_CODE', text: id },
    ]);
  }

  // Picking: the wedge scanner types into the focused box and presses Enter.
  await staff.getByRole('navigation', { name: 'Atlas' }).getByRole('link', { name: 'Picking' }).click();
  const box = staff.getByLabel('Scan a label');
  await expect(box).toBeFocused();
  await staff.keyboard.type(labelIds[0]!);
  await staff.keyboard.press('Enter');
  const outcome = staff.getByTestId('pick-outcome');
  await expect(outcome).toContainText('1 of 2 items picked');
  const hole = (await staff.getByTestId('pigeonhole').textContent())!.trim();
  expect(Number(hole)).toBeGreaterThan(0);
  // The same label again: a loud refusal naming the pigeonhole it is already in.
  await expect(box).toBeFocused();
  await staff.keyboard.type(`${labelIds[0]}\n`);
  await expect(outcome).toContainText(`This label has already been picked into pigeonhole ${hole}.`);
  await staff.keyboard.type(`${labelIds[1]}\n`);
  await expect(outcome).toContainText('Order complete — all 2 items picked. Ready to pack.');
  await expect(staff.getByTestId('pigeonhole')).toHaveText(hole);

  // Dispatch from the order page.
  await outcome.getByRole('link', { name: `order #${number}` }).click();
  await staff.getByRole('textbox', { name: 'Tracking code' }).fill('RM123456785GB');
  await staff.getByLabel('Carrier (optional)').fill('Royal Mail');
  await staff.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Order #${number} dispatched with tracking code RM123456785GB.` })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Tracking codes' })).toContainText('Royal Mail RM123456785GB');

  // The shopper's receipt: 100 % and the tracking code.
  await page.goto(receiptUrl);
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('tracking-codes')).toContainText('Royal Mail RM123456785GB');

  // The dispatch mail waits in the outbox.
  await staff.goto('/atlas/outbox/');
  await expect(staff.getByText(`Your order #${number} from Fern & Thread is on its way`)).toBeVisible();
  await staffContext.close();
});
