import sharp from 'sharp';
import type { PhotoMimeType } from '@autoradar/core';
import { MEDIA_MESSAGES } from './media.messages';

// Every uploaded image goes through here: the type is read from the bytes (never the file name or the
// Content-Type a client claims), then the image is decoded and encoded again, which drops EXIF and every other
// metadata block (GPS included) and anything appended after the image data.

export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1_048_576;
/** Longest side of the stored image and of the small variant (`url_sm`). */
export const FULL_MAX_SIDE = 1920;
export const SMALL_MAX_SIDE = 480;
/** Decompression-bomb guard: a small file may declare a huge canvas. */
export const MAX_INPUT_PIXELS = 64_000_000;
/**
 * An animated GIF decodes and re-encodes every frame: 60 full-HD frames fit in 2 MB and cost seconds of CPU. Up to
 * these bounds (read from the header, before decoding) the animation is kept; past them only the first frame is.
 */
export const MAX_ANIMATION_FRAMES = 20;
export const MAX_ANIMATION_PIXELS = 4_000_000;

/** An upload refused for what it is, with a Russian message; http/route.ts answers it as a 422 on `field`. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  mime: PhotoMimeType;
  ext: string;
  full: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

export interface ProcessImageOptions {
  maxBytes?: number;
  /** The form field named in the 422's `errors` (default `file`). */
  field?: string;
  /**
   * How hard a JPEG is compressed. `smallest` (uploads): mozjpeg, the fewest bytes for the quality. `fast` (source
   * photos, issue 28: thousands a cycle, from a JPEG Telegram or VK compressed already): libjpeg-turbo with optimised
   * Huffman tables and progressive scans, the same quality for about a third of the CPU and some 10–20 % more bytes
   * (docs/performance.md, issue 28 pass on photos).
   */
  jpegEffort?: 'smallest' | 'fast';
}

const EXTENSIONS: Record<PhotoMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const startsWith = (input: Buffer, bytes: number[], offset = 0) =>
  input.length >= offset + bytes.length && bytes.every((b, i) => input[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The four photo types by their signatures (JPEG SOI, PNG header, GIF87a/89a, RIFF....WEBP); anything else is null. */
export function detectImageType(input: Buffer): PhotoMimeType | null {
  if (startsWith(input, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(input, ascii('GIF87a')) || startsWith(input, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(input, ascii('RIFF')) && startsWith(input, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<PhotoMimeType, keyof sharp.FormatEnum> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function encode(pipeline: sharp.Sharp, mime: PhotoMimeType, effort: 'smallest' | 'fast'): sharp.Sharp {
  switch (mime) {
    case 'image/jpeg':
      return pipeline.jpeg(
        effort === 'fast' ? { quality: 85, optimiseCoding: true, progressive: true } : { quality: 85, mozjpeg: true },
      );
    case 'image/png':
      return pipeline.png({ compressionLevel: 9 });
    case 'image/gif':
      return pipeline.gif();
    case 'image/webp':
      return pipeline.webp({ quality: 85 });
  }
}

/** Whether an animation is small enough to decode whole (frames and all their pixels, from the header). */
export function keepsAnimation(meta: Pick<sharp.Metadata, 'pages' | 'width' | 'height' | 'pageHeight'>): boolean {
  const frames = meta.pages ?? 1;
  if (frames <= 1 || frames > MAX_ANIMATION_FRAMES) return false;
  const frameHeight = meta.pageHeight ?? meta.height ?? Infinity;
  return frames * (meta.width ?? Infinity) * frameHeight <= MAX_ANIMATION_PIXELS;
}

/**
 * Checks and re-encodes an uploaded image: a full variant (longest side at most 1920 px) and a small one (480 px),
 * both in the input's own format, EXIF orientation applied, no metadata kept; an animated GIF past the animation
 * bounds keeps its first frame. Throws ImageRejectedError with a Russian
 * message for an empty, too large, non-image, unsupported (SVG, HEIC, BMP…) or corrupt/truncated file.
 */
export async function processImage(input: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const maxBytes = opts.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  const refuse = (message: string) => new ImageRejectedError(message, opts.field ?? 'file');

  if (input.length === 0) throw refuse(MEDIA_MESSAGES.empty);
  if (input.length > maxBytes) throw refuse(MEDIA_MESSAGES.tooLarge(maxBytes));
  const mime = detectImageType(input);
  if (!mime) throw refuse(MEDIA_MESSAGES.invalidType);

  try {
    // The header first: the format must match the signature, and the frame count decides what gets decoded.
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== SHARP_FORMAT[mime]) throw refuse(MEDIA_MESSAGES.invalidType);
    const animated = mime === 'image/gif' && keepsAnimation(meta);
    // failOn 'warning': a truncated or damaged file fails instead of decoding to a half-grey picture. Without
    // `animated` sharp reads the first frame only.
    const source = () => sharp(input, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();
    const variant = (side: number) =>
      encode(
        source().resize(side, side, { fit: 'inside', withoutEnlargement: true }),
        mime,
        opts.jpegEffort ?? 'smallest',
      ).toBuffer({
        resolveWithObject: true,
      });
    const [full, small] = await Promise.all([variant(FULL_MAX_SIDE), variant(SMALL_MAX_SIDE)]);
    return {
      mime,
      ext: EXTENSIONS[mime],
      full: full.data,
      small: small.data,
      width: full.info.width,
      // An animated GIF reports the height of all frames stacked; pageHeight is one frame's.
      height: full.info.pageHeight ?? full.info.height,
    };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    const text = err instanceof Error ? err.message : '';
    throw refuse(/pixel limit/i.test(text) ? MEDIA_MESSAGES.tooManyPixels : MEDIA_MESSAGES.corrupt);
  }
}
