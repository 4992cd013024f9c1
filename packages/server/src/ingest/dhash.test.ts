import { DHASH_MAX_DISTANCE, hammingDistance } from '@autoradar/core/aggregation';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoDHash } from './dhash';

// A 'photo' with structure: soft shapes on a gradient, drawn as SVG and rendered by sharp.
const scene = (shapes: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#203040"/><stop offset="1" stop-color="#c0d0e0"/></linearGradient></defs>
        <rect width="800" height="600" fill="url(#g)"/>${shapes}</svg>`,
    ),
  );
const car =
  '<rect x="150" y="300" width="500" height="150" rx="40" fill="#eee"/><circle cx="260" cy="460" r="50"/><circle cx="540" cy="460" r="50"/>';
const tree =
  '<circle cx="600" cy="200" r="150" fill="#0a0"/><rect x="580" y="330" width="40" height="250" fill="#630"/>';

describe('photoDHash', () => {
  it('gives the same photo re-encoded smaller, as another channel would post it, nearly the same hash', async () => {
    const original = await scene(car).jpeg({ quality: 90 }).toBuffer();
    const reposted = await sharp(original).resize(400).webp({ quality: 50 }).toBuffer();
    const a = await photoDHash(original);
    const b = await photoDHash(reposted);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(DHASH_MAX_DISTANCE);
  });

  it('tells a different picture apart', async () => {
    const a = await photoDHash(await scene(car).png().toBuffer());
    const b = await photoDHash(await scene(tree).png().toBuffer());
    expect(hammingDistance(a, b)).toBeGreaterThan(DHASH_MAX_DISTANCE);
  });
});
