import sharp from 'sharp';

/**
 * A photo-like test image: gradient-free noise compresses about as badly as a real camera picture, so sizes and
 * timings resemble a phone upload rather than a flat colour.
 */
export function samplePhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', sigma = 18): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a8c99', noise: { type: 'gaussian', mean: 120, sigma } } })
    .toFormat(format, format === 'jpeg' ? { quality: 88 } : {})
    .toBuffer();
}
