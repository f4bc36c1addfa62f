import bwipjs from 'bwip-js/node';
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LabelView } from './labels';
import { storeBaseUrl } from './floor';

/**
 * Label and packing-slip documents for the floor (DESIGN §9): a 4×6 inch PDF, one label per page, with a Code 128
 * barcode and a QR code of the label id (bwip-js), and the same batch as ZPL for thermal printers. The barcode
 * carries the bare label id, which is what the picking scan box and POST labels/{id}/scan/ expect.
 */

/** 4×6 inches in PDF points (72 per inch). */
export const LABEL_WIDTH = 4 * 72;
export const LABEL_HEIGHT = 6 * 72;

/** The text a label's barcodes carry. */
export const barcodeText = (labelId: number) => String(labelId);

/** The standard PDF fonts speak WinAnsi only: anything else (emoji, CJK) is replaced so a label always prints. */
const printable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[×]/g, 'x')
    .replace(/[^\x20-\x7e]/g, '?');

function fitted(text: string, font: PDFFont, size: number, width: number): string {
  let out = printable(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
  return `${out}...`;
}

async function barcodePngs(labelId: number): Promise<{ code128: Buffer; qr: Buffer }> {
  const text = barcodeText(labelId);
  // An opaque white background: scanners (and the PDF's image) need no transparency.
  const [code128, qr] = await Promise.all([
    bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, backgroundcolor: 'FFFFFF', paddingwidth: 10, paddingheight: 4 }),
    bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4, backgroundcolor: 'FFFFFF', paddingwidth: 4, paddingheight: 4 }),
  ]);
  return { code128, qr };
}

/** A link annotation over a box of the page, opening `url`. */
function addLink(page: PDFPage, url: string, box: { x: number; y: number; width: number; height: number }) {
  const context = page.doc.context;
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [box.x, box.y, box.x + box.width, box.y + box.height],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(link);
}

/**
 * "Print files: front back": each side's name links to its print file, absolute from the store's configured
 * domain (PUBLIC_URL, else the store's domain), so the PDF opens the file wherever it was saved or mailed.
 * Without a configured domain the sides are listed without links.
 */
function printFileLinks(page: PDFPage, label: LabelView, fonts: { regular: PDFFont; bold: PDFFont }, at: { x: number; y: number; width: number }) {
  const size = 11;
  const base = storeBaseUrl(label.storeDomain);
  const lead = 'Print files: ';
  page.drawText(lead, { x: at.x, y: at.y, size, font: fonts.bold, color: rgb(0, 0, 0) });
  let x = at.x + fonts.bold.widthOfTextAtSize(lead, size);
  for (const file of label.printFiles) {
    const word = printable(file.area);
    const width = fonts.regular.widthOfTextAtSize(word, size);
    if (x + width > at.x + at.width) break;
    const url = base ? new URL(file.url, `${base}/`).href : /^https?:\/\//.test(file.url) ? file.url : null;
    const colour = url ? rgb(0.05, 0.3, 0.75) : rgb(0, 0, 0);
    page.drawText(word, { x, y: at.y, size, font: fonts.regular, color: colour });
    if (url) {
      page.drawLine({ start: { x, y: at.y - 1.5 }, end: { x: x + width, y: at.y - 1.5 }, thickness: 0.6, color: colour });
      addLink(page, url, { x, y: at.y - 3, width, height: size + 4 });
    }
    x += width + fonts.regular.widthOfTextAtSize('   ', size);
  }
}

function drawLabel(page: PDFPage, label: LabelView, fonts: { regular: PDFFont; bold: PDFFont }, images: { code128: Awaited<ReturnType<PDFDocument['embedPng']>>; qr: Awaited<ReturnType<PDFDocument['embedPng']>> }) {
  const margin = 16;
  const width = LABEL_WIDTH - margin * 2;
  let y = LABEL_HEIGHT - margin;
  const line = (text: string, size: number, bold = false) => {
    y -= size + 4;
    page.drawText(fitted(text, bold ? fonts.bold : fonts.regular, size, width), { x: margin, y, size, font: bold ? fonts.bold : fonts.regular, color: rgb(0, 0, 0) });
  };
  line(`Order #${label.orderId}`, 26, true);
  line(`Item ${label.counter} of ${label.count}${label.priority > 0 ? `   PRIORITY ${label.priority === 2 ? 'URGENT' : 'HIGH'}` : ''}`, 14, true);
  y -= 6;
  line(label.product, 16, true);
  line(`Colour: ${label.colour ?? '-'}`, 14);
  line(`Size: ${label.size ?? '-'}`, 14);
  line(`Pickface: ${label.pickface}`, 14, true);
  line(`SKU: ${label.sku}`, 11);
  if (label.printFiles.length) {
    y -= 15;
    printFileLinks(page, label, fonts, { x: margin, y, width });
  }
  if (label.timesPrinted > 0) line(`Reprint ${label.timesPrinted}`, 11);
  // Code 128 across the width, QR below it, the label id in clear text between.
  const barWidth = width;
  const barHeight = Math.min(90, (images.code128.height / images.code128.width) * barWidth);
  page.drawImage(images.code128, { x: margin, y: margin + 130, width: barWidth, height: barHeight });
  page.drawText(`Label ${barcodeText(label.id)}`, { x: margin, y: margin + 112, size: 12, font: fonts.bold });
  page.drawImage(images.qr, { x: margin, y: margin, width: 100, height: 100 });
  page.drawText(printable(`${label.counter}/${label.count}`), { x: margin + 120, y: margin + 40, size: 36, font: fonts.bold });
}

/** One 4×6 page per label, in the order given. */
export async function renderLabelsPdf(labels: LabelView[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(labels.length === 1 ? `Label ${labels[0]!.id}` : `${labels.length} labels`);
  pdf.setCreator('Omnis POD atlas');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  for (const label of labels) {
    const pngs = await barcodePngs(label.id);
    const images = { code128: await pdf.embedPng(pngs.code128), qr: await pdf.embedPng(pngs.qr) };
    drawLabel(pdf.addPage([LABEL_WIDTH, LABEL_HEIGHT]), label, fonts, images);
  }
  return pdf.save();
}

/** ZPL field data: ^ and ~ are command prefixes, so they are dropped from text. */
const zplText = (text: string) => printable(text).replace(/[\^~]/g, ' ');

/** The same batch for a 203 dpi thermal printer (4×6 in = 812×1218 dots), one ^XA…^XZ block per label. */
export function renderLabelsZpl(labels: LabelView[]): string {
  return labels
    .map((l) =>
      [
        '^XA',
        '^CI28',
        '^PW812',
        '^LL1218',
        `^FO40,40^A0N,60,60^FD${zplText(`Order #${l.orderId}`)}^FS`,
        `^FO40,115^A0N,34,34^FD${zplText(`Item ${l.counter} of ${l.count}${l.priority > 0 ? `  PRIORITY ${l.priority === 2 ? 'URGENT' : 'HIGH'}` : ''}`)}^FS`,
        `^FO40,180^A0N,40,40^FD${zplText(l.product)}^FS`,
        `^FO40,235^A0N,34,34^FD${zplText(`Colour: ${l.colour ?? '-'}`)}^FS`,
        `^FO40,280^A0N,34,34^FD${zplText(`Size: ${l.size ?? '-'}`)}^FS`,
        `^FO40,325^A0N,34,34^FD${zplText(`Pickface: ${l.pickface}`)}^FS`,
        `^FO40,370^A0N,26,26^FD${zplText(`SKU: ${l.sku}`)}^FS`,
        `^FO40,620^BY3^BCN,160,Y,N,N^FD${barcodeText(l.id)}^FS`,
        `^FO40,880^BQN,2,8^FDQA,${barcodeText(l.id)}^FS`,
        `^FO420,960^A0N,90,90^FD${l.counter}/${l.count}^FS`,
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
}

/** A packing slip (A4 portrait): what is in the parcel and where it goes. */
export async function renderPackingSlip(order: {
  id: number;
  seller: string;
  address: { firstName: string; lastName: string; company?: string; street: string; city: string; state?: string; zip: string; country: string };
  shippingMethod: string;
  items: { name: string; colour: string | null; size: string | null; quantity: number }[];
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slip #${order.id}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  let y = 800;
  const text = (t: string, size = 12, font = regular, x = 50) => {
    page.drawText(fitted(t, font, size, 495 - (x - 50)), { x, y, size, font });
    y -= size + 6;
  };
  text(`Packing slip — order #${order.id}`.replace('—', '-'), 20, bold);
  text(order.seller, 12);
  y -= 10;
  text('Deliver to', 12, bold);
  const a = order.address;
  for (const l of [`${a.firstName} ${a.lastName}`, a.company, a.street, [a.city, a.state].filter(Boolean).join(', '), a.zip, a.country].filter(Boolean) as string[]) text(l);
  text(`Shipping: ${order.shippingMethod}`, 11);
  y -= 10;
  text('Items', 12, bold);
  for (const i of order.items) text(`${i.quantity} x ${i.name}${i.colour || i.size ? ` (${[i.colour, i.size].filter(Boolean).join(', ')})` : ''}`);
  return pdf.save();
}
