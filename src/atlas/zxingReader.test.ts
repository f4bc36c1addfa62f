import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/node';
import type { PDFRawStream} from 'pdf-lib';
import { PDFDict, PDFDocument, PDFName, decodePDFRawStream, type PDFNumber } from 'pdf-lib';
import { greyOf, readLuminance } from './zxingReader';

/** A barcode as the label printer draws it (bwip-js PNG), turned into RGBA pixels through pdf-lib's PNG decoder. */
async function rgbaOf(bcid: 'code128' | 'qrcode', text: string): Promise<{ rgba: Uint8ClampedArray; width: number; height: number }> {
  const png = await bwipjs.toBuffer({ bcid, text, scale: 3, height: 14, includetext: false, backgroundcolor: 'FFFFFF', paddingwidth: 10, paddingheight: 10 });
  const doc = await PDFDocument.create();
  doc.addPage().drawImage(await doc.embedPng(png), { x: 0, y: 0 });
  const loaded = await PDFDocument.load(await doc.save());
  const xobjects = loaded.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const stream = loaded.context.lookup(xobjects.entries()[0]![1]) as PDFRawStream;
  const width = (stream.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
  const height = (stream.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
  const pixels = decodePDFRawStream(stream).decode();
  const channels = pixels.length / (width * height);
  // As a canvas's getImageData gives a camera frame: RGBA.
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels >= 3 ? c : 0)]!;
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, width, height };
}

describe('the camera fallback reader (ZXing)', () => {
  it('reads a Code 128 label barcode back to the label id', async () => {
    const { rgba, width, height } = await rgbaOf('code128', '48213');
    expect(readLuminance(greyOf(rgba), width, height)).toBe('48213');
  });

  it('reads the QR code of a label', async () => {
    const { rgba, width, height } = await rgbaOf('qrcode', '907');
    expect(readLuminance(greyOf(rgba), width, height)).toBe('907');
  });

  it('a frame without a barcode is a miss (null), not an error', () => {
    const blank = new Uint8ClampedArray(200 * 100 * 4).fill(255);
    expect(readLuminance(greyOf(blank), 200, 100)).toBeNull();
  });

  it('turns RGBA into grey levels (white stays white, black black)', () => {
    expect([...greyOf(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]))]).toEqual([255, 0]);
  });
});
