import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, NotFoundException, RGBLuminanceSource } from '@zxing/library';

/**
 * The camera fallback where the browser has no BarcodeDetector: ZXing reads the Code 128 and QR codes printed on
 * factory labels from one grey frame. Loaded on demand by the picking screen only (its own chunk).
 */

const reader = new MultiFormatReader();
reader.setHints(
  new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]),
);

/** Grey levels (one byte per pixel) of RGBA pixels, as a canvas's getImageData gives them. */
export function greyOf(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(rgba.length / 4);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgba[i * 4]! * 77 + rgba[i * 4 + 1]! * 150 + rgba[i * 4 + 2]! * 29) >> 8;
  return grey;
}

/** The text of the first barcode in the frame, or null when it shows none. */
export function readLuminance(grey: Uint8ClampedArray, width: number, height: number): string | null {
  try {
    return reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)))).getText();
  } catch (error) {
    // Most frames show no barcode (or a blurred one): that is a miss, not a failure.
    if (error instanceof NotFoundException || (error as Error).name?.endsWith('Exception')) return null;
    throw error;
  } finally {
    reader.reset();
  }
}
