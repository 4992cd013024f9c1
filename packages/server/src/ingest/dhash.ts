// A photo's 64-bit difference hash (dHash), for telling the same car's photos across channels (issue 15): the picture
// is shrunk to 9×8 grey pixels and each bit says whether a pixel is brighter than its right neighbour, so re-encoding,
// resizing and small crops or watermarks change few bits (compared by DHASH_MAX_DISTANCE in core's aggregation).
import sharp from 'sharp';

export async function photoDHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image, { failOn: 'none' })
    .rotate()
    .grayscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}
