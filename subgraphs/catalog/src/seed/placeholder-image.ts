/**
 * Deterministic SVG placeholder images for seeded / demo products.
 *
 * The demo catalog references image file names such as `classic-organic-tee-1.svg`;
 * the platform serves those names by rendering a placeholder on the fly. Everything
 * here is a pure function of its inputs (no randomness, no I/O).
 */

const DEFAULT_SIZE = 800;
const MIN_SIZE = 16;
const MAX_SIZE = 4096;

/** 32-bit FNV-1a hash of a string (over UTF-16 code units). */
function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Removes characters that are not allowed in XML 1.0 documents. */
function stripInvalidXmlChars(text: string): string {
  // Allowed: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
  return text.replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

function escapeXml(text: string): string {
  return stripInvalidXmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function clampSize(value: number | undefined): number {
  if (value === undefined || typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_SIZE;
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(value)));
}

/** Turns an image name like `classic-tee-1` into a readable label "Classic Tee". */
function labelFromName(name: string): string {
  const base = name.replace(/\.svg$/i, '');
  const words = base
    .split(/[-_\s]+/)
    .filter((w) => w.length > 0)
    // drop the trailing image index ("-1", "-2", ...)
    .filter((w, i, all) => !(i === all.length - 1 && all.length > 1 && /^\d+$/.test(w)));
  const label = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return label.length > 0 ? label : 'Image';
}

/** Greedy word wrap into at most `maxLines` lines of about `maxChars` characters. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let current = '';
  for (const rawWord of words) {
    const word = rawWord.length > maxChars ? rawWord.slice(0, Math.max(1, maxChars - 1)) + '…' : rawWord;
    if (current.length === 0) {
      current = word;
    } else if (current.length + 1 + word.length <= maxChars) {
      current += ' ' + word;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current.length > 0) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = (last.length >= maxChars ? last.slice(0, maxChars - 1) : last) + '…';
    return kept;
  }
  return lines;
}

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** Renders a simple, pleasant SVG placeholder (e.g. a gradient or colored background derived deterministically from the name, the product title or the name as centered text, a subtle shape) of size width x height. Text must be XML-escaped. */
export function placeholderSvg(name: string, opts?: { title?: string; width?: number; height?: number }): string {
  const safeName = typeof name === 'string' ? name : String(name);
  const width = clampSize(opts?.width);
  const height = clampSize(opts?.height);
  const rawTitle = opts?.title !== undefined && opts.title.trim().length > 0 ? opts.title.trim() : labelFromName(safeName);

  // Colors are keyed by the product part of the name, so all images of a product share a palette,
  // while the image index (-1, -2, ...) shifts the decorative shape.
  const productKey = safeName.replace(/\.svg$/i, '').replace(/-\d+$/, '');
  const h = hash32(productKey);
  const hv = hash32(safeName);
  const hue1 = h % 360;
  const hue2 = (hue1 + 30 + ((h >>> 9) % 50)) % 360;
  const sat = 45 + ((h >>> 17) % 25);
  const angle = (h >>> 3) % 4;
  const [x1, y1, x2, y2] = [
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '0', '0', '1'],
    ['0', '0', '1', '0'],
  ][angle] as [string, string, string, string];

  const minDim = Math.min(width, height);
  const cx = width * (0.2 + ((hv >>> 5) % 60) / 100);
  const cy = height * (0.2 + ((hv >>> 13) % 60) / 100);
  const r = minDim * (0.25 + ((hv >>> 21) % 20) / 100);
  const cx2 = width - cx * 0.6;
  const cy2 = height - cy * 0.5;
  const r2 = minDim * 0.18;

  const fontSize = Math.max(8, Math.round(minDim / 11));
  const maxChars = Math.max(6, Math.floor((width * 0.8) / (fontSize * 0.58)));
  const lines = wrapText(rawTitle, maxChars, 3);
  const lineHeight = fontSize * 1.2;
  const firstY = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  const gid = `g${h.toString(36)}`;

  const tspans = lines.map((line, i) => `<tspan x="${fmt(width / 2)}" y="${fmt(firstY + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(rawTitle)}">` +
    `<title>${escapeXml(rawTitle)}</title>` +
    `<defs><linearGradient id="${gid}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="hsl(${hue1},${sat}%,78%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},${sat}%,58%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${gid})"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="#ffffff" fill-opacity="0.14"/>` +
    `<circle cx="${fmt(cx2)}" cy="${fmt(cy2)}" r="${fmt(r2)}" fill="#000000" fill-opacity="0.06"/>` +
    `<text font-family="Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="#ffffff" fill-opacity="0.95" text-anchor="middle" dominant-baseline="middle">${tspans}</text>` +
    `</svg>`
  );
}
