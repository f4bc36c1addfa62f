/**
 * Reads label barcodes from the phone's camera: the browser's BarcodeDetector where it has one (Chrome on Android),
 * else ZXing, fetched only when the camera is started (never part of the storefront or the other atlas screens).
 */

export interface BarcodeReader {
  /** The barcode text in the video's current frame, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
  /** Which reader is in use, for the screen to say. */
  kind: 'native' | 'zxing';
}

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Frames wider than this are scaled down before ZXing reads them: a label fills most of the frame anyway. */
const MAX_WIDTH = 960;

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['code_128', 'qr_code'] });
    return { kind: 'native', read: async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null };
  }
  const { greyOf, readLuminance } = await import('./zxingReader');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read camera frames from');
  return {
    kind: 'zxing',
    read: async (video) => {
      if (!video.videoWidth || !video.videoHeight) return null;
      const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      return readLuminance(greyOf(frame.data), frame.width, frame.height);
    },
  };
}
