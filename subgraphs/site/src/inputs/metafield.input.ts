import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, ValidateWith, isHttpUrl } from '@svc/kit';

/**
 * Metafield arguments, written once. A value is checked against its type by `metafieldValueSchema`
 * (both for `setMetafield` and, through the same schema, anything else that writes one).
 */

const METAFIELD_TYPES = ['string', 'integer', 'decimal', 'boolean', 'json', 'date', 'url', 'reference'] as const;
type MetafieldType = (typeof METAFIELD_TYPES)[number];

/** products, orders, customers and custom resource types: a lower-case identifier */
const resourceTypeSchema = z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, 'resource_type must be a lower-case identifier (a-z, 0-9, _; at most 50)');
/** an id or handle of the resource */
const resourceIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/, 'resource_id must be an id (letters, digits, _ and -; at most 200)');
const nameSchema = (what: string) => z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, `${what} must be lower-case letters, digits, _ or - (at most 64)`);
const namespaceSchema = nameSchema('namespace');
const keySchema = nameSchema('key');

const STRING_MAX = 10_000;
const JSON_MAX_BYTES = 16_384;
/** a platform id: `<prefix>_<ULID>` (`prod_01J…`, `pay_col_01J…`) */
const REFERENCE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_[0-9A-HJKMNP-TV-Z]{26}$/;
/** up to 20 integer and 10 fraction digits, as written (no exponent, no rounding) */
const DECIMAL = /^-?(?:0|[1-9]\d{0,19})(?:\.\d{1,10})?$/;

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The value a type accepts, or the message why not. */
export function checkMetafieldValue(type: MetafieldType, v: unknown): string | null {
  switch (type) {
    case 'string':
      return typeof v === 'string' && v.length <= STRING_MAX ? null : `a string value is text of at most ${STRING_MAX} characters`;
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v) ? null : 'an integer value is a whole number between -9007199254740991 and 9007199254740991';
    case 'decimal':
      return typeof v === 'string' && DECIMAL.test(v) ? null : 'a decimal value is a string of digits ("12.50"): at most 20 before and 10 after the point';
    case 'boolean':
      return typeof v === 'boolean' ? null : 'a boolean value is true or false';
    case 'json': {
      if (v === undefined) return 'a json value is required';
      const size = Buffer.byteLength(JSON.stringify(v));
      return size <= JSON_MAX_BYTES ? null : `a json value is at most ${JSON_MAX_BYTES} bytes (this one is ${size})`;
    }
    case 'date':
      return typeof v === 'string' && isCalendarDate(v) ? null : 'a date value is a calendar date YYYY-MM-DD';
    case 'url':
      return typeof v === 'string' && isHttpUrl(v) ? null : 'a url value is an absolute http(s) URL of at most 2000 characters';
    case 'reference':
      return typeof v === 'string' && REFERENCE.test(v) ? null : 'a reference value is an id (prefix_ULID, e.g. prod_01J…)';
  }
}

export const resourceSchema = z.strictObject({ resource_type: resourceTypeSchema, resource_id: resourceIdSchema });

export const setMetafieldSchema = z
  .strictObject({
    resource_type: resourceTypeSchema,
    resource_id: resourceIdSchema,
    namespace: namespaceSchema,
    key: keySchema,
    type: z.enum(METAFIELD_TYPES, { message: `type must be one of ${METAFIELD_TYPES.join(', ')}` }),
    value: z.unknown(),
    storefront_visible: z.boolean().optional(),
  })
  .superRefine((m, issue) => {
    const problem = checkMetafieldValue(m.type, m.value);
    if (problem) issue.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type SetMetafieldData = z.infer<typeof setMetafieldSchema>;

export const metafieldKeySchema = z.strictObject({
  resource_type: resourceTypeSchema,
  resource_id: resourceIdSchema,
  namespace: namespaceSchema,
  key: keySchema,
});
export type MetafieldKeyData = z.infer<typeof metafieldKeySchema>;

@ArgsType()
@ValidateWith(resourceSchema)
export class MetafieldResourceArgs {
  @Field({ description: 'product, order, customer or a custom type (lower-case identifier)' }) resource_type!: string;
  @Field({ description: 'The id of the resource' }) resource_id!: string;
}

@InputType('SetMetafieldInput', { description: 'A metafield to create or replace, by resource, namespace and key' })
@ValidateWith(setMetafieldSchema)
export class SetMetafieldInput {
  @Field({ description: 'product, order, customer or a custom type (lower-case identifier)' }) resource_type!: string;
  @Field({ description: 'The id of the resource' }) resource_id!: string;
  @Field({ description: 'Groups keys, e.g. specs' }) namespace!: string;
  @Field({ description: 'The name within the namespace, e.g. fabric' }) key!: string;
  @Field(() => String, { description: METAFIELD_TYPES.join(', ') }) type!: MetafieldType;
  @Field(() => JSONScalar, { description: 'JSON of the type: integer a number, decimal a string of digits, date YYYY-MM-DD, …' }) value!: unknown;
  @Field(() => Boolean, { nullable: true, description: 'Shown on /store/metafields (default false; unchanged on update when absent)' })
  storefront_visible?: boolean;
}

@InputType('MetafieldKeyInput', { description: 'Which metafield: resource, namespace and key' })
@ValidateWith(metafieldKeySchema)
export class MetafieldKeyInput {
  @Field({ description: 'product, order, customer or a custom type (lower-case identifier)' }) resource_type!: string;
  @Field({ description: 'The id of the resource' }) resource_id!: string;
  @Field({ description: "The metafield's namespace" }) namespace!: string;
  @Field({ description: "The metafield's key" }) key!: string;
}

// metafield definitions: a namespace + key declared once per resource type, with its value type

const definitionName = z.string().trim().min(1, 'name is required').max(200, 'name is at most 200 characters');
const definitionDescription = z.string().trim().max(1000, 'description is at most 1000 characters').nullable().optional();

const metafieldDefinitionListSchema = z.strictObject({ resource_type: resourceTypeSchema.optional() });

export const createMetafieldDefinitionSchema = z.strictObject({
  resource_type: resourceTypeSchema,
  namespace: namespaceSchema,
  key: keySchema,
  type: z.enum(METAFIELD_TYPES, { message: `type must be one of ${METAFIELD_TYPES.join(', ')}` }),
  name: definitionName,
  description: definitionDescription,
  storefront_visible: z.boolean().optional(),
});
export type CreateMetafieldDefinitionData = z.infer<typeof createMetafieldDefinitionSchema>;

export const updateMetafieldDefinitionSchema = z.strictObject({
  name: definitionName.optional(),
  description: definitionDescription,
  storefront_visible: z.boolean().optional(),
});
export type UpdateMetafieldDefinitionData = z.infer<typeof updateMetafieldDefinitionSchema>;

@ArgsType()
@ValidateWith(metafieldDefinitionListSchema)
export class MetafieldDefinitionListArgs {
  @Field({ nullable: true, description: 'Only the definitions of this resource type; default: every one' }) resource_type?: string;
}

@InputType('CreateMetafieldDefinitionInput', { description: 'A metafield declared for every resource of a type: namespace, key, value type, name' })
@ValidateWith(createMetafieldDefinitionSchema)
export class CreateMetafieldDefinitionInput {
  @Field({ description: 'product, collection, category, page, blog_post, store or another lower-case identifier' }) resource_type!: string;
  @Field({ description: 'Groups keys, e.g. care' }) namespace!: string;
  @Field({ description: 'The name within the namespace, e.g. wash_temperature' }) key!: string;
  @Field(() => String, { description: `The type every value must have: ${METAFIELD_TYPES.join(', ')}` }) type!: MetafieldType;
  @Field({ description: 'What admins see, e.g. Wash temperature (°C)' }) name!: string;
  @Field(() => String, { nullable: true, description: 'A longer explanation for admins' }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether new values are storefront-visible when setMetafield does not say (default false)' })
  storefront_visible?: boolean;
}

@InputType('UpdateMetafieldDefinitionInput', { description: "A definition's fields to change (its resource type, namespace, key and type stay)" })
@ValidateWith(updateMetafieldDefinitionSchema)
export class UpdateMetafieldDefinitionInput {
  @Field({ nullable: true, description: 'What admins see' }) name?: string;
  @Field(() => String, { nullable: true, description: 'A longer explanation; null removes it' }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'The default visibility of new values' }) storefront_visible?: boolean;
}
