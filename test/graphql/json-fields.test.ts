import fs from 'node:fs';
import path from 'node:path';
import { buildASTSchema, getNamedType, isInterfaceType, isObjectType, isUnionType, parse, type GraphQLNamedType } from 'graphql';
import { SCHEMA_DIR } from '../../scripts/generate-schema';

/**
 * Issue 29: the JSON-typed fields reachable from the public roots of the committed supergraph.
 * Only `metadata` and values that are dynamic by nature may stay JSON: a new JSON field reachable
 * from a public root fails this test. The Medusa documents the REST facade answers (`document`,
 * a subscription's `payment_session_document`) are internal fields (FACADE_ROLE), outside the public view.
 * Public roots: every Query and Mutation field of the public view (schema/public.graphql, served at
 * /graphql/schema.graphql: the storefront's and signed-in customer's fields, without admin, agent and
 * operator ones).
 */
const DYNAMIC = new Set([
  'StoreMetafield.value',
  'Translation.fields',
  'TranslationOverlayItem.fields',
  'Theme.settings',
  'ThemeSection.settings',
  'ThemeTokens.colors',
  'ThemeTokens.radii',
  'ThemeTokens.spacing',
  'ThemeTokens.typography',
  'ProductTemplate.attributes',
  // an export and a privacy request's results are keyed by domain, each domain answering its own shape
  'DataExport.export',
  'PrivacyRequest.results',
  // the metadata of the cart line an order line was placed from (Medusa's line_item_metadata)
  'OrderLineItem.line_item_metadata',
  // a line's own data, shaped by its kind (an event ticket's attendee, a tour booking's travellers), and its variant's
  // option values keyed by the store's own option titles (variant.options has them typed)
  'CartLineItem.data',
  'CartLineItem.variant_option_values',
  'OrderLineItem.data',
  'OrderLineItem.variant_option_values',
  // what a provider keeps of its own (fulfilment providers for options and methods, payment providers for account holders)
  'CartShippingMethod.data',
  'OrderShippingMethod.data',
  'ShippingOption.data',
  'PaymentAccountHolder.data',
]);

function jsonFieldsFromPublicRoots(sdl: string): string[] {
  const schema = buildASTSchema(parse(sdl), { assumeValid: true, assumeValidSDL: true });
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (type: GraphQLNamedType): void => {
    if (seen.has(type.name)) return;
    seen.add(type.name);
    if (isUnionType(type)) {
      for (const member of type.getTypes()) walk(member);
      return;
    }
    if (!isObjectType(type) && !isInterfaceType(type)) return;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (named.name === 'JSON') found.push(`${type.name}.${field.name}`);
      walk(named);
    }
  };
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      if (getNamedType(field.type).name === 'JSON') found.push(`${root.name}.${field.name}`);
      walk(getNamedType(field.type));
    }
  }
  return found.sort();
}

describe('JSON-typed fields reachable from the public roots', () => {
  const sdl = fs.readFileSync(path.join(SCHEMA_DIR, 'public.graphql'), 'utf8');
  const found = jsonFieldsFromPublicRoots(sdl);

  it('are metadata or dynamic values', () => {
    const unexpected = found.filter((f) => !f.endsWith('.metadata') && !DYNAMIC.has(f));
    expect(unexpected).toEqual([]);
  });

  it('lists only dynamic values that are still JSON', () => {
    expect([...DYNAMIC].filter((f) => !found.includes(f))).toEqual([]);
  });

  it('finds a JSON field added to a public type', () => {
    const probe = `${sdl}\nextend type Query { probeJson: ProbeJson }\ntype ProbeJson { blob: JSON }\n`;
    expect(jsonFieldsFromPublicRoots(probe)).toContain('ProbeJson.blob');
  });
});
