import { access, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type DemoImageSpec = {
  /** File stem under `${mediaDir}/demo/`; the small copy gets a `-sm` suffix. */
  name: string;
  title: string;
  subtitle: string;
  hue: number;
  shape: 'car' | 'moto' | 'none';
};

export const DEMO_MEDIA_PREFIX = '/media/demo';

export const demoImageUrls = (name: string) => ({
  url: `${DEMO_MEDIA_PREFIX}/${name}.jpg`,
  urlSm: `${DEMO_MEDIA_PREFIX}/${name}-sm.jpg`,
});

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CAR = `
  <g transform="translate(80 250)">
    <path d="M20 170 Q15 125 70 112 L170 100 L250 40 Q265 28 290 28 L440 28 Q470 28 490 48 L550 100 L600 108
             Q640 116 640 150 L640 172 Q640 185 626 185 L34 185 Q20 185 20 170 Z" fill="#fff" fill-opacity="0.92"/>
    <path d="M262 52 L360 52 L360 100 L205 100 Z M378 52 L470 52 L520 100 L378 100 Z" fill="#1d2433" fill-opacity="0.75"/>
    <circle cx="160" cy="185" r="52" fill="#1b1b1f"/><circle cx="160" cy="185" r="22" fill="#9aa3ad"/>
    <circle cx="520" cy="185" r="52" fill="#1b1b1f"/><circle cx="520" cy="185" r="22" fill="#9aa3ad"/>
  </g>`;

const MOTO = `
  <g transform="translate(160 250)">
    <path d="M230 185 L60 165" stroke="#9aa3ad" stroke-width="12" stroke-linecap="round"/>
    <circle cx="90" cy="190" r="68" fill="none" stroke="#1b1b1f" stroke-width="26"/><circle cx="90" cy="190" r="16" fill="#9aa3ad"/>
    <circle cx="400" cy="190" r="68" fill="none" stroke="#1b1b1f" stroke-width="26"/><circle cx="400" cy="190" r="16" fill="#9aa3ad"/>
    <rect x="185" y="120" width="105" height="70" rx="14" fill="#9aa3ad"/>
    <path d="M90 190 L190 112 L300 112 L400 190 M300 112 L340 60" fill="none" stroke="#fff" stroke-opacity="0.92"
          stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M185 112 Q215 58 300 66 L325 104 Z" fill="#fff" fill-opacity="0.92"/>
    <path d="M95 104 Q140 86 195 98 L190 118 L105 120 Z" fill="#1d2433" fill-opacity="0.85"/>
    <path d="M340 60 L322 30 M340 60 L372 52" stroke="#fff" stroke-opacity="0.92" stroke-width="10" stroke-linecap="round"/>
    <circle cx="352" cy="82" r="15" fill="#ffd76a"/>
  </g>`;

export function renderDemoSvg(spec: DemoImageSpec): string {
  const shape = spec.shape === 'car' ? CAR : spec.shape === 'moto' ? MOTO : '';
  // Long names ("Toyota Land Cruiser Prado") shrink to stay inside the 800 px frame.
  const titleSize = Math.min(58, Math.floor(720 / (0.64 * spec.title.length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${spec.hue}, 62%, 58%)"/>
      <stop offset="1" stop-color="hsl(${(spec.hue + 35) % 360}, 55%, 24%)"/>
    </linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <ellipse cx="400" cy="${spec.shape === 'none' ? 520 : 470}" rx="330" ry="26" fill="#000" fill-opacity="0.22"/>
  ${shape}
  <text x="400" y="${spec.shape === 'none' ? 300 : 120}" text-anchor="middle" fill="#fff"
        font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${titleSize}" font-weight="bold">${escapeXml(spec.title)}</text>
  <text x="400" y="${spec.shape === 'none' ? 360 : 180}" text-anchor="middle" fill="#fff" fill-opacity="0.85"
        font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30">${escapeXml(spec.subtitle)}</text>
</svg>`;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Renders the images that are not on disk yet; returns how many were written. */
export async function ensureDemoImages(mediaDir: string, specs: readonly DemoImageSpec[]): Promise<number> {
  const dir = path.join(mediaDir, 'demo');
  await mkdir(dir, { recursive: true });
  const written = await Promise.all(
    specs.map(async (spec) => {
      const large = path.join(dir, `${spec.name}.jpg`);
      const small = path.join(dir, `${spec.name}-sm.jpg`);
      if ((await exists(large)) && (await exists(small))) return 0;
      const image = sharp(Buffer.from(renderDemoSvg(spec)));
      // Written under a temporary name first: an interrupted seed never leaves a truncated JPEG behind
      // that a later run would take for a finished one.
      await image.clone().jpeg({ quality: 82, mozjpeg: true }).toFile(`${large}.tmp`);
      await image.clone().resize(320, 240).jpeg({ quality: 78, mozjpeg: true }).toFile(`${small}.tmp`);
      await rename(`${large}.tmp`, large);
      await rename(`${small}.tmp`, small);
      return 1;
    }),
  );
  return written.reduce<number>((sum, n) => sum + n, 0);
}
