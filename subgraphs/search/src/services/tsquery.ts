/**
 * The part of PostgreSQL's tsquery language the search makes (`to_tsquery(...)::text` of its own
 * query text): quoted lexemes, `:*` prefixes, `&`, `|` and parentheses. Anything else (negation,
 * phrase operators, weight restrictions) parses to null, and the caller answers from SQL instead.
 */
export type QueryNode = { t: 'term'; lexeme: string; prefix: boolean } | { t: 'and' | 'or'; children: QueryNode[] };

/**
 * The lexeme quoted at `start` (`'it''s'`, backslash escapes) as PostgreSQL prints lexemes in
 * tsquery and tsvector texts, and the index after its closing quote; null when it is not closed.
 */
export function readQuoted(text: string, start: number): [string, number] | null {
  let lexeme = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (ch === '\\' && i + 1 < text.length) {
      lexeme += text[i + 1];
      i += 2;
    } else if (ch === "'") return [lexeme, i + 1];
    else {
      lexeme += ch;
      i++;
    }
  }
  return null;
}

type Token = { k: '(' | ')' | '&' | '|' } | { k: 'term'; lexeme: string; prefix: boolean };

function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') {
      i++;
    } else if (c === '(' || c === ')' || c === '&' || c === '|') {
      out.push({ k: c });
      i++;
    } else if (c === "'") {
      const quoted = readQuoted(text, i);
      if (!quoted) return null;
      const lexeme = quoted[0];
      i = quoted[1];
      let prefix = false;
      if (text[i] === ':') {
        i++;
        while (i < text.length && /[*A-Da-d]/.test(text[i])) {
          if (text[i] !== '*') return null; // a weight restriction
          prefix = true;
          i++;
        }
      }
      out.push({ k: 'term', lexeme, prefix });
    } else return null; // `!`, `<->`, `<N>` or anything unknown
  }
  return out;
}

/** The tree of a tsquery text, or null when it uses more than terms, prefixes, and, or and parentheses. */
export function parseTsquery(text: string): QueryNode | null {
  const toks = tokens(text);
  if (!toks || !toks.length) return null;
  let pos = 0;
  const primary = (): QueryNode | null => {
    const t = toks[pos];
    if (!t) return null;
    if (t.k === 'term') {
      pos++;
      return { t: 'term', lexeme: t.lexeme, prefix: t.prefix };
    }
    if (t.k !== '(') return null;
    pos++;
    const inner = either();
    if (!inner || toks[pos]?.k !== ')') return null;
    pos++;
    return inner;
  };
  const chain = (op: '&' | '|', next: () => QueryNode | null, kind: 'and' | 'or') => (): QueryNode | null => {
    const first = next();
    if (!first) return null;
    const children = [first];
    while (toks[pos]?.k === op) {
      pos++;
      const n = next();
      if (!n) return null;
      children.push(n);
    }
    return children.length === 1 ? first : { t: kind, children };
  };
  const both = chain('&', primary, 'and');
  const either = chain('|', both, 'or');
  const tree = either();
  return tree && pos === toks.length ? tree : null;
}
