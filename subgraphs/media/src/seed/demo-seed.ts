import zlib from 'node:zlib';
import type { SeedContext } from '@svc/kit';
import type { UploadMediaData } from '../inputs/media.input';
import type { MediaServices } from '../services';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid truecolour PNG (8-bit RGB, no interlace) from its scanlines (each a filter byte 0, then RGB triples). */
function pngFromScanlines(width: number, height: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of `width`×`height`, each pixel painted by `paint(x, y)` -> [r, g, b]. Used for the demo store's images and in tests. */
export function pngImage(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[y * stride + 1 + x * 3] = r;
      raw[y * stride + 2 + x * 3] = g;
      raw[y * stride + 3 + x * 3] = b;
    }
  }
  return pngFromScanlines(width, height, raw);
}

/** a diagonal gradient between two colours (written straight into the scanlines: hero images are large) */
function gradient(w: number, h: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const stride = w * 3 + 1;
  const raw = Buffer.alloc(stride * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const o = y * stride + 1 + x * 3;
      raw[o] = from[0] + (to[0] - from[0]) * t;
      raw[o + 1] = from[1] + (to[1] - from[1]) * t;
      raw[o + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }
  return pngFromScanlines(w, h, raw);
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <title>Demo Store mark</title>
  <circle cx="80" cy="80" r="76" fill="#1f2937"/>
  <path d="M48 60h64l-8 52H56z" fill="none" stroke="#f9fafb" stroke-width="8" stroke-linejoin="round"/>
  <path d="M64 60a16 16 0 0 1 32 0" fill="none" stroke="#f9fafb" stroke-width="8"/>
</svg>
`;

/** The demo store's media: a logo (PNG and SVG) and three blog hero images, generated here. */
export const demoMediaFiles = (): UploadMediaData[] => [
  {
    filename: 'logo.png',
    title: 'Demo Store logo',
    alt: 'Demo Store logo: a shopping bag on a dark square',
    content_base64: pngImage(240, 80, (x, y) => (x > 8 && x < 72 && y > 8 && y < 72 ? [249, 250, 251] : [31, 41, 55])).toString('base64'),
  },
  { filename: 'logo-mark.svg', title: 'Demo Store mark', alt: 'Demo Store mark', content_base64: Buffer.from(LOGO_SVG).toString('base64') },
  {
    filename: 'blog-summer-essentials.png',
    title: 'Summer essentials',
    alt: 'Warm sunset colours',
    content_base64: gradient(1200, 630, [253, 186, 116], [190, 24, 93]).toString('base64'),
  },
  {
    filename: 'blog-care-and-repair.png',
    title: 'Care & repair',
    alt: 'Calm green and teal tones',
    content_base64: gradient(1200, 630, [187, 247, 208], [15, 118, 110]).toString('base64'),
  },
  {
    filename: 'blog-holiday-gifts.png',
    title: 'Holiday gift guide',
    alt: 'Deep winter blues',
    content_base64: gradient(1200, 630, [191, 219, 254], [30, 58, 138]).toString('base64'),
  },
];

/** media's part of the demo store: the files above, uploaded through the service like an admin would. */
export async function seedDemoMedia(s: MediaServices, seed: SeedContext): Promise<void> {
  for (const file of demoMediaFiles()) await s.media.upload(seed.ctx, file);
  seed.log.debug({ tenantId: seed.tenantId }, 'media: demo files stored');
}
