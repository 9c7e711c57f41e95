import { pngImage } from '@svc/media';

/**
 * Small files of every type media accepts, built byte by byte with known dimensions. They carry
 * real headers (what image-size and any decoder read first); the raster payload is minimal.
 */
const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32be(8 + body.length), Buffer.from(type, 'latin1'), body]);
};

export const png = (w: number, h: number) => pngImage(w, h, (x, y) => [(x * 40) & 255, (y * 40) & 255, 128]);

/** baseline JPEG: SOI, JFIF APP0, SOF0 with the size, EOI */
export const jpeg = (w: number, h: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    u16be(16),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0]),
    u16be(1),
    u16be(1),
    Buffer.from([0, 0]),
    Buffer.from([0xff, 0xc0]),
    u16be(17),
    Buffer.from([8]),
    u16be(h),
    u16be(w),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    Buffer.from([0xff, 0xd9]),
  ]);

export const gif = (w: number, h: number) =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    u16le(w),
    u16le(h),
    Buffer.from([0, 0, 0, 0x2c]),
    Buffer.alloc(9),
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);

/** extended WebP (VP8X chunk: canvas width-1 and height-1 as 24-bit little endian) */
export const webp = (w: number, h: number) => {
  const vp8x = Buffer.concat([Buffer.from('VP8X', 'latin1'), u32le(10), Buffer.alloc(4), u24le(w - 1), u24le(h - 1)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(4 + vp8x.length), Buffer.from('WEBP', 'latin1'), vp8x]);
};

/** AVIF (ISOBMFF): ftyp avif, meta › iprp › ipco › ispe with the size */
export const avif = (w: number, h: number) =>
  Buffer.concat([
    box('ftyp', Buffer.from('avif', 'latin1'), u32be(0), Buffer.from('avifmif1miaf', 'latin1')),
    box(
      'meta',
      u32be(0),
      box('hdlr', u32be(0), u32be(0), Buffer.from('pict', 'latin1'), Buffer.alloc(13)),
      box('iprp', box('ipco', box('ispe', u32be(0), u32be(w), u32be(h)))),
    ),
  ]);

export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

export const svg = (w: number, h: number, inner = '<rect width="10" height="10" fill="#c00"/>') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>\n`,
  );

/** an SVG carrying every active thing a browser would run or fetch */
export const hostileSvg = () =>
  svg(
    64,
    32,
    '<script>alert(document.cookie)</script>' +
      '<rect width="10" height="10" onclick="alert(1)" onload="alert(2)" fill="url(#g)"/>' +
      '<a href="javascript:alert(3)"><text>click</text></a>' +
      '<image href="https://evil.example/track.png" width="1" height="1"/>' +
      '<use href="https://evil.example/sprite.svg#icon"/><use href="#g"/>' +
      '<foreignObject><iframe src="https://evil.example/"></iframe></foreignObject>' +
      '<style>@import url(https://evil.example/x.css);</style>' +
      '<circle r="4" style="fill: url(https://evil.example/p.svg#x)"/>' +
      '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>',
  );
