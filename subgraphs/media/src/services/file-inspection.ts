import { imageSize } from 'image-size';
import sanitizeHtml from 'sanitize-html';
import { Errors } from '@svc/kit';

/** The file types media accepts, with the extension their stored objects get. */
const MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'audio/wav': 'wav',
} as const;
type MediaMimeType = keyof typeof MEDIA_TYPES;
export const MEDIA_MIME_TYPES = Object.keys(MEDIA_TYPES) as MediaMimeType[];

/** What an upload turned out to be: the bytes to store (SVG sanitized), their type and size. */
interface InspectedFile {
  body: Buffer;
  mimeType: MediaMimeType;
  ext: string;
  width: number | null;
  height: number | null;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** The type the bytes say they are (magic numbers), or null. SVG is text: recognised by its root element. */
function sniff(b: Buffer): MediaMimeType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(b, 8, 12))) return 'image/avif';
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return 'audio/wav';
  if (looksLikeSvg(b)) return 'image/svg+xml';
  return null;
}

/** UTF-8 text whose first element (after an XML declaration, comments and a doctype) is `<svg`. */
function looksLikeSvg(b: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i, '');
  return /^<svg[\s>/]/.test(rest);
}

const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'metadata',
];

/** `url(…)` pointing anywhere but a fragment of the same document */
const EXTERNAL_URL = /url\s*\(\s*['"]?\s*[^#'"\s)]/i;

/**
 * An uploaded SVG made inert: only drawing elements survive (no script, style, foreignObject,
 * image, a, iframe, …), no event handler attributes, no href other than `#fragment`, no `url()`
 * other than `url(#fragment)`, no `@import`. Entity declarations are refused outright.
 */
function sanitizeSvg(b: Buffer): Buffer {
  const text = b.toString('utf8');
  if (/<!ENTITY/i.test(text)) throw Errors.validation('invalid_file', 'SVG files with entity declarations are not accepted');
  const clean = sanitizeHtml(text, {
    parser: { xmlMode: true },
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: false,
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea', 'object', 'embed'],
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if (/^on/i.test(name)) continue;
          if (/(^|:)href$/i.test(name) && !String(value).trim().startsWith('#')) continue;
          if (EXTERNAL_URL.test(value) || /@import|javascript:|expression\s*\(/i.test(value)) continue;
          kept[name] = value;
        }
        return { tagName, attribs: kept };
      },
    },
  });
  return Buffer.from(clean.trim(), 'utf8');
}

/** A WAV file must carry a PCM format chunk and a data chunk (a voiceover the assistant made, or an upload): 400 `invalid_audio` otherwise. */
function assertWav(b: Buffer): void {
  let fmt = false;
  for (let at = 12; at + 8 <= b.length;) {
    const id = ascii(b, at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ' && size >= 16 && at + 24 <= b.length) fmt = b.readUInt16LE(at + 8) === 1 && b.readUInt16LE(at + 10) > 0 && b.readUInt32LE(at + 12) > 0;
    if (id === 'data') {
      if (fmt) return;
      break;
    }
    at += 8 + size + (size % 2);
  }
  throw Errors.validation('invalid_audio', 'The WAV file has no PCM format chunk followed by a data chunk');
}

/**
 * Reads what an upload is from its bytes: the type (magic numbers; the file name and anything the
 * client says are ignored), the pixel dimensions (image-size) and, for SVG, a sanitized copy.
 * Anything else, or an image whose header cannot be read, is a 400.
 */
export function inspectFile(raw: Buffer): InspectedFile {
  if (raw.length === 0) throw Errors.invalidField('content_base64', 'The file is empty');
  const mimeType = sniff(raw);
  if (!mimeType) {
    throw Errors.validation('unsupported_file_type', `The file is not one of the accepted types (${MEDIA_MIME_TYPES.join(', ')})`);
  }
  const body = mimeType === 'image/svg+xml' ? sanitizeSvg(raw) : raw;
  let width: number | null = null;
  let height: number | null = null;
  if (mimeType === 'audio/wav') assertWav(body);
  else if (mimeType !== 'application/pdf') {
    try {
      const d = imageSize(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
      width = d.width ?? null;
      height = d.height ?? null;
    } catch {
      // an SVG may have no size at all; a raster image must have a readable one
      if (mimeType !== 'image/svg+xml') throw Errors.validation('invalid_image', `The file looks like ${mimeType} but its image header cannot be read`);
    }
    if (mimeType === 'image/svg+xml' && !/<svg[\s>/]/.test(body.toString('utf8'))) throw Errors.validation('invalid_image', 'The SVG has no svg element');
    if (mimeType !== 'image/svg+xml' && !(width && height)) throw Errors.validation('invalid_image', `The ${mimeType} image has no dimensions`);
  }
  return { body, mimeType, ext: MEDIA_TYPES[mimeType], width, height };
}
