import sharp from 'sharp';

/**
 * A photo-like test image: gradient-free noise compresses about as badly as a real camera picture, so sizes and
 * timings resemble a phone upload rather than a flat colour.
 */
export function samplePhoto(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg',
  sigma = 18,
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#7a8c99', noise: { type: 'gaussian', mean: 120, sigma } },
  })
    .toFormat(format, format === 'jpeg' ? { quality: 88 } : {})
    .toBuffer();
}

/** An animated GIF whose frame i is a flat colour with red = 10·i, so a decoded frame tells which one it was. */
export function animatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const frameBytes = width * height * 3;
  const raw = Buffer.alloc(frameBytes * frames);
  for (let i = 0; i < frames; i++) {
    const frame = raw.subarray(i * frameBytes, (i + 1) * frameBytes);
    for (let p = 0; p < frame.length; p += 3) frame.set([(i * 10) % 256, 100, 50], p);
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif()
    .toBuffer();
}
