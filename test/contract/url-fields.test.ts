import './telemetry-off';
import type { ZodType } from 'zod';
import { lateRules, registeredSchemas, type RouteDef } from '@svc/kit';
import { allRoutes, loadDomains } from '@svc/platform';

/**
 * Issue 20 #4: every URL field in every domain goes through the kit's URL rule. The test finds URL
 * fields by name (`…url`, `…uri`, `…href`, `links`) in every input schema (REST bodies and queries
 * of the route table, GraphQL inputs registered with @ValidateWith), wherever they nest, and checks
 * that each refuses what the rule refuses and accepts a plain https URL.
 */
loadDomains();
const ROUTES: RouteDef[] = allRoutes();

const URL_NAME = /(^|_)(url|uri|href)s?$|^links$/;

type Def = {
  type: string;
  innerType?: ZodType;
  element?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  options?: ZodType[];
  valueType?: ZodType;
  getter?: () => ZodType;
  left?: ZodType;
  right?: ZodType;
};
const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** [path, field schema] of every URL-named field reachable from `root` */
function urlFields(root: ZodType, where: string): Array<[string, ZodType]> {
  const out: Array<[string, ZodType]> = [];
  const seen = new Set<ZodType>();
  const walk = (s: ZodType | undefined, path: string) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    switch (d.type) {
      case 'object': {
        // a parameter checked after authentication is checked by its rule (the route's parse reads it loosely)
        const late = lateRules(s);
        for (const [k, loose] of Object.entries(d.shape ?? (s as unknown as { shape: Record<string, ZodType> }).shape ?? {})) {
          const v = late[k] ?? loose;
          if (URL_NAME.test(k)) out.push([`${path}.${k}`, v]);
          walk(v, `${path}.${k}`);
        }
        return;
      }
      case 'array':
        return walk(d.element, `${path}[]`);
      case 'pipe':
        walk(d.in, path);
        return walk(d.out, path);
      case 'lazy':
        return walk(d.getter?.(), path);
      case 'union':
        for (const o of d.options ?? []) walk(o, path);
        return;
      case 'record':
        return walk(d.valueType, `${path}{}`);
      case 'intersection':
        walk(d.left, path);
        return walk(d.right, path);
      default:
        if (d.innerType) walk(d.innerType, path);
    }
  };
  walk(root, where);
  return out;
}

const inputs: Array<[string, ZodType]> = [];
for (const [name, schema] of registeredSchemas()) inputs.push(...urlFields(schema, `graphql:${name}`));
for (const r of ROUTES) {
  if (r.body) inputs.push(...urlFields(r.body as ZodType, `${r.method} ${r.path} body`));
  if (r.query) inputs.push(...urlFields(r.query as ZodType, `${r.method} ${r.path} query`));
}

/**
 * URL fields that are no web address (never rendered as a link or fetched over http): they refuse
 * everything the web rule refuses, and accept a plain URL of their own scheme instead of https
 */
const OTHER_SCHEMES: Record<string, string> = {
  'graphql:StoreMailSettingsInput.smtp_url': 'smtp://mailer@mail.shop.example:587',
};

/** what the rule refuses: attribute break-outs, other schemes, spaces, control characters, protocol-relative */
const REFUSED = [
  'https://evil.com/x.png" onerror="alert(1)',
  "https://evil.com/x.png' onerror='alert(1)",
  'https://evil.com/x.png`',
  'https://evil.com/<script>',
  'https://evil.com/a b',
  'https://evil.com/a\tb',
  'https://evil.com/a\u0001b',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.com/x.png',
  'https://evil.com\\@good.example/',
];
const value = (schema: ZodType, v: string) => {
  // lists of URLs take a one-element list
  const d = defOf(schema);
  let inner: Def = d;
  while (inner.innerType) inner = defOf(inner.innerType);
  return inner.type === 'array' ? [v] : v;
};

describe('every URL field goes through the kit URL rule', () => {
  it('finds URL fields in the input schemas', () => {
    expect(inputs.length).toBeGreaterThan(15);
  });

  it.each(REFUSED)('refuses %j in every URL field', (bad) => {
    const accepted = inputs.filter(([, s]) => s.safeParse(value(s, bad)).success).map(([path]) => path);
    expect(accepted).toEqual([]);
  });

  it('accepts a plain https URL in every URL field (a URL of another scheme: a plain one of its scheme)', () => {
    const refused = inputs
      .filter(([path, s]) => !s.safeParse(value(s, OTHER_SCHEMES[path] ?? 'https://shop.example/images/x.png')).success)
      .map(([path]) => path);
    expect(refused).toEqual([]);
  });

  it('refuses an https URL where another scheme is meant', () => {
    for (const path of Object.keys(OTHER_SCHEMES)) {
      const [, s] = inputs.find(([p]) => p === path)!;
      expect({ path, accepted: s.safeParse(value(s, 'https://shop.example/')).success }).toEqual({ path, accepted: false });
    }
  });
});
