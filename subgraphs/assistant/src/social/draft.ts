/**
 * Offline social drafts: a caption and hashtags written from templates and the store's own data
 * (the product's title, subtitle, description, tags and collection), in the locale asked (English,
 * German, French and Spanish templates; the other admin locales get the English ones), cut to the
 * network's length, and a suggested image from the product's images or the store's media.
 */

export const NETWORKS = ['facebook', 'instagram', 'mastodon'] as const;
export type Network = (typeof NETWORKS)[number];

/** caption length and hashtag count per network (Instagram's 2,200 characters and 30 tags; Mastodon's 500) */
export const NETWORK_LIMITS: Record<Network, { chars: number; tags: number }> = {
  facebook: { chars: 5000, tags: 3 },
  instagram: { chars: 2200, tags: 10 },
  mastodon: { chars: 500, tags: 4 },
};

export interface DraftProduct {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  tags: string[];
  collection: string | null;
  images: string[];
}

export interface DraftMedia {
  id: string;
  url: string;
  alt: string | null;
  title: string | null;
  filename: string;
}

export interface DraftImage {
  url: string;
  source: 'product' | 'media';
  id: string;
  alt: string | null;
}

const TEMPLATES: Record<string, { product: (t: string, d: string) => string; cta: string; fresh: string }> = {
  en: { product: (t, d) => `Meet ${t}${d ? `: ${d}` : '.'}`, cta: 'Discover it now in our shop.', fresh: 'New in our shop' },
  de: { product: (t, d) => `Entdecken Sie ${t}${d ? `: ${d}` : '.'}`, cta: 'Jetzt in unserem Shop.', fresh: 'Neu in unserem Shop' },
  fr: {
    product: (t, d) => `Découvrez ${t}${d ? ` : ${d}` : '.'}`,
    cta: 'À découvrir dès maintenant dans notre boutique.',
    fresh: 'Nouveau dans notre boutique',
  },
  es: { product: (t, d) => `Descubre ${t}${d ? `: ${d}` : '.'}`, cta: 'Descúbrelo ya en nuestra tienda.', fresh: 'Novedad en nuestra tienda' },
};

const STOP = new Set(
  (
    'the a an and or for with our your this that from into about post write make announce share promote new now them their its are was were will have has ' +
    'der die das und oder mit für ein eine einen unser unsere le la les des une pour avec notre nos el los las para con nuestro'
  ).split(' '),
);

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKC')
    .match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? [];

/** `summer sale` → `#SummerSale` (letters and digits only) */
const hashtag = (s: string) => {
  const parts = s.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = parts.map((p) => p[0].toUpperCase() + p.slice(1)).join('');
  return tag.length >= 2 && tag.length <= 40 ? `#${tag}` : null;
};

const firstSentence = (s: string | null) => {
  const text = (s ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const m = text.match(/^.{10,200}?[.!?](\s|$)/);
  return (m ? m[0] : text.slice(0, 160)).trim().replace(/[.!?]$/, '');
};

const sentence = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  if (!t) return '';
  const cap = t[0].toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(cap) ? cap : `${cap}.`;
};

/** Cuts at a word boundary so `text` fits in `max` characters (an ellipsis marks the cut). */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const at = cut.lastIndexOf(' ');
  return `${(at > max / 2 ? cut.slice(0, at) : cut).trimEnd()}…`;
}

/** The hashtags of a draft: the product's tags and collection, then the brief's salient words. */
export function offlineHashtags(brief: string, product: DraftProduct | null, max: number): string[] {
  const out: string[] = [];
  const add = (s: string | null) => {
    const h = s && hashtag(s);
    if (h && !out.some((x) => x.toLowerCase() === h.toLowerCase())) out.push(h);
  };
  if (product) {
    for (const t of product.tags) add(t);
    add(product.collection);
    add(product.title);
  }
  for (const w of words(brief)) if (w.length > 3 && !STOP.has(w)) add(w);
  return out.slice(0, max);
}

/** The caption, without hashtags, from the brief and the product. */
export function offlineCaption(brief: string, product: DraftProduct | null, locale: string): string {
  const t = TEMPLATES[locale] ?? TEMPLATES.en;
  const lines = [sentence(brief)];
  if (product) lines.push(t.product(product.title, firstSentence(product.subtitle || product.description)).replace(/\s+$/, ''));
  else lines.unshift(`${t.fresh}!`);
  lines.push(t.cta);
  return lines.filter(Boolean).join('\n\n');
}

/** The caption with the hashtags appended, cut so the whole fits the network. */
export function composeCaption(caption: string, hashtags: string[], network: Network): string {
  const tags = hashtags.join(' ');
  const limit = NETWORK_LIMITS[network].chars;
  if (!tags) return fit(caption, limit);
  return `${fit(caption, Math.max(20, limit - tags.length - 2))}\n\n${tags}`;
}

/**
 * The image to suggest: the product's first image, else the store's image whose title, alt text or
 * file name shares the most words with the brief (the newest on a tie), else the newest image.
 */
export function suggestImage(brief: string, product: DraftProduct | null, media: DraftMedia[]): DraftImage | null {
  if (product?.images.length) return { url: product.images[0], source: 'product', id: product.id, alt: product.title };
  if (!media.length) return null;
  const want = new Set(words(brief).filter((w) => w.length > 2 && !STOP.has(w)));
  let best = media[0];
  let bestScore = 0;
  for (const m of media) {
    const have = new Set(words(`${m.title ?? ''} ${m.alt ?? ''} ${m.filename.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')}`));
    const score = [...want].filter((w) => have.has(w)).length;
    if (score > bestScore) [best, bestScore] = [m, score];
  }
  return { url: best.url, source: 'media', id: best.id, alt: best.alt ?? best.title };
}
