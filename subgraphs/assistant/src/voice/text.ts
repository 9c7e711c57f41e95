/**
 * The text a voiceover reads: a post's HTML as plain text (block elements end a sentence, entities
 * decoded, no markup), split into chunks at sentence boundaries.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function plainTextOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|h[1-6]|li|blockquote|div|tr|figcaption)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line) => (/[.!?…:;]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

/** Sentences: ends at `.`, `!`, `?` or `…` (with closing quotes or brackets) followed by a space. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’)\]]*)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Chunks of at most `max` characters made of whole sentences; a sentence longer than that is cut
 * at a comma, else at a space, else hard.
 */
export function chunksOf(text: string, max: number): string[] {
  const pieces: string[] = [];
  for (const sentence of sentencesOf(text)) {
    let rest = sentence;
    while (rest.length > max) {
      const window = rest.slice(0, max);
      const comma = window.lastIndexOf(', ');
      const space = window.lastIndexOf(' ');
      const cut = comma > 0 ? comma + 1 : space > 0 ? space : max;
      pieces.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) pieces.push(rest);
  }
  const chunks: string[] = [];
  for (const piece of pieces) {
    const last = chunks.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= max) chunks[chunks.length - 1] = `${last} ${piece}`;
    else chunks.push(piece);
  }
  return chunks;
}
