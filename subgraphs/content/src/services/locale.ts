/**
 * Picks the variant to serve: the requested locale (`?locale=`, else the request's `x-medusa-locale`
 * / `accept-language`), matched exactly, then by language (`de-at` -> `de`, `de` -> `de-de`); else
 * the store's default locale (same matching); else the first variant.
 */
export function pickVariant<V extends { locale: string }>(variants: V[], requested: string | null | undefined, defaultLocale: string): V {
  const find = (loc: string | null | undefined): V | undefined => {
    if (!loc) return undefined;
    const l = loc.toLowerCase();
    const lang = l.split('-')[0];
    return variants.find((v) => v.locale === l) ?? variants.find((v) => v.locale === lang) ?? variants.find((v) => v.locale.split('-')[0] === lang);
  };
  return find(requested) ?? find(defaultLocale) ?? variants[0];
}
