import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, ImageRejectedError, MAX_ANIMATION_FRAMES, MAX_ANIMATION_PIXELS, processImage } from './image';
import { animatedGif } from '../testing/sample-photo';

// processImage on real encoded images and on the files an attacker or a broken phone would send.

const photo = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function refusal(input: Buffer, opts?: Parameters<typeof processImage>[1]) {
  const err = await processImage(input, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRejectedError);
  const rejected = err as ImageRejectedError;
  return { message: rejected.message, field: rejected.field };
}

/** A small PNG whose header declares `side`×`side` pixels (a decompression bomb's shape). */
function pngHeaderOnly(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const redOfFirstPixel = async (image: Buffer) => (await sharp(image).raw().toBuffer())[0]!;

describe('processImage', () => {
  it('encodes a source photo fast (jpegEffort: progressive libjpeg-turbo), the same sizes and picture as an upload', async () => {
    const input = await photo('jpeg', 1280, 960);
    const [upload, source] = await Promise.all([processImage(input), processImage(input, { jpegEffort: 'fast' })]);
    expect(source).toMatchObject({ mime: 'image/jpeg', ext: 'jpg', width: 1280, height: 960 });
    const [full, small] = await Promise.all([sharp(source.full).metadata(), sharp(source.small).metadata()]);
    expect([full.format, full.isProgressive, full.width, full.height]).toEqual(['jpeg', true, 1280, 960]);
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 480, 360]);
    expect(Math.abs((await redOfFirstPixel(source.full)) - (await redOfFirstPixel(upload.full)))).toBeLessThanOrEqual(
      4,
    );
  });

  it('keeps each of the four photo types in its own format, with a small variant', async () => {
    for (const [format, mime, ext] of [
      ['jpeg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['gif', 'image/gif', 'gif'],
      ['webp', 'image/webp', 'webp'],
    ] as const) {
      const out = await processImage(await photo(format));
      expect(out).toMatchObject({ mime, ext, width: 800, height: 600 });
      expect((await sharp(out.full).metadata()).format).toBe(format);
      const small = await sharp(out.small).metadata();
      expect([small.format, small.width, small.height]).toEqual([format, 480, 360]);
    }
  });

  it('scales a large photo down to 1920 on the longest side and never enlarges a small one', async () => {
    const big = await processImage(await photo('jpeg', 4000, 3000));
    expect([big.width, big.height]).toEqual([1920, 1440]);
    const tiny = await processImage(await photo('png', 100, 50));
    expect([tiny.width, tiny.height]).toEqual([100, 50]);
    expect((await sharp(tiny.small).metadata()).width).toBe(100);
  });

  it('strips EXIF with GPS coordinates and applies the orientation first', async () => {
    const withGps = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '55/1 45/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '37/1 37/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect([before.orientation, before.exif === undefined]).toEqual([6, false]);
    expect(withGps.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const out = await processImage(withGps);
    for (const variant of [out.full, out.small]) {
      const meta = await sharp(variant).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    // Orientation 6 means "rotate 90°": the stored picture is upright, so portrait.
    expect([out.width, out.height]).toEqual([200, 400]);
  });

  it('drops whatever is appended after the image data', async () => {
    const polyglot = Buffer.concat([await photo('png', 64, 64), Buffer.from('<?php system($_GET["c"]); ?>')]);
    const out = await processImage(polyglot);
    expect(out.full.includes(Buffer.from('<?php'))).toBe(false);
  });

  it('decides the type from the bytes only', async () => {
    expect(detectImageType(await photo('jpeg'))).toBe('image/jpeg');
    expect(detectImageType(await photo('webp'))).toBe('image/webp');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses PHP and HTML files, SVG, BMP and TIFF as not a photo type', async () => {
    const files = [
      Buffer.from('<?php echo "hi"; ?>'),
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer(),
      Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
    ];
    for (const file of files) {
      expect(await refusal(file)).toEqual({
        message: 'Допустимы только изображения JPEG, PNG, GIF и WebP',
        field: 'file',
      });
    }
  });

  it('refuses an empty file, a file over the limit, and names the caller’s field', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toBe('Файл пустой: выберите фотографию');
    const jpeg = await photo('jpeg');
    expect(jpeg.length).toBeGreaterThan(1536);
    expect(await refusal(jpeg, { maxBytes: 1536, field: 'logo' })).toEqual({
      message: 'Файл слишком большой: не более 1 КБ',
      field: 'logo',
    });
    expect((await refusal(Buffer.alloc(50 * 1_048_576, 0xff))).message).toBe('Файл слишком большой: не более 10 МБ');
  });

  it('refuses truncated and damaged images and a JPEG signature in front of a script', async () => {
    const png = await photo('png', 300, 300);
    const jpeg = await photo('jpeg', 300, 300);
    for (const broken of [
      png.subarray(0, Math.floor(png.length / 2)),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<?php system($_GET["c"]); ?>')]),
      Buffer.from('GIF89a<html></html>'),
    ]) {
      expect((await refusal(broken)).message).toBe('Файл повреждён или не является изображением');
    }
  });

  it('refuses an image that declares more pixels than it could sensibly hold', async () => {
    expect((await refusal(pngHeaderOnly(20_000))).message).toBe(
      'Изображение слишком большое: не более 64 мегапикселей',
    );
  });

  it('keeps only the first frame of a long animated GIF, and the animation of a short small one', async () => {
    const long = await animatedGif(60, 300, 200);
    expect((await sharp(long).metadata()).pages).toBe(60);
    const capped = await processImage(long);
    expect([capped.mime, capped.width, capped.height]).toEqual(['image/gif', 300, 200]);
    for (const variant of [capped.full, capped.small]) {
      const meta = await sharp(variant).metadata();
      expect(meta.pages ?? 1).toBe(1);
      expect(await redOfFirstPixel(variant)).toBeLessThan(5);
    }

    const short = await processImage(await animatedGif(3, 120, 80));
    expect((await sharp(short.full).metadata()).pages).toBe(3);
    expect([short.width, short.height]).toEqual([120, 80]);
  });

  it('keeps only the first frame when few frames are too many pixels together', async () => {
    const side = Math.ceil(Math.sqrt(MAX_ANIMATION_PIXELS / 4)) + 10;
    expect(4).toBeLessThanOrEqual(MAX_ANIMATION_FRAMES);
    const out = await processImage(await animatedGif(4, side, side));
    expect((await sharp(out.full).metadata()).pages ?? 1).toBe(1);
    expect([out.width, out.height]).toEqual([side, side]);
  });
});
