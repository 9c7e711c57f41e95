import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, ValidateWith, isUrl, pageSchema } from '@svc/kit';

/**
 * Redirect arguments, written once (GraphQL validates with them). Sources are paths of the store
 * (`/old-page`), normalised: repeated slashes collapsed, the trailing slash dropped, lower case; no
 * query or fragment (the service stores the normalised form). Targets are such a path (query and fragment allowed) or an absolute http(s) URL.
 */

const MAX = 2000;
const PATH = /^\/(?![/\\])[^\s\\?#]*$/;

/** The normalised form of a path (no query or fragment): `//Old//Page/` -> `/old/page`. */
export function normalizePath(path: string): string {
  const p = path
    .split(/[?#]/, 1)[0]
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

/** The normalised path a target leads to in this store, or null for an absolute URL. */
export const targetPathOf = (target: string): string | null => (target.startsWith('/') ? normalizePath(target) : null);

const sourceSchema = z
  .string()
  .trim()
  .max(MAX, `source must be at most ${MAX} characters`)
  .regex(PATH, 'source must be a path starting with a single "/", without spaces, query or fragment');

const targetSchema = z
  .string()
  .trim()
  .max(MAX, `target must be at most ${MAX} characters`)
  .refine(
    (t) => isUrl(t, { relative: true, max: MAX }),
    'target must be a path starting with a single "/" or an absolute http(s) URL, without quotes, spaces or control characters',
  );

const statusCodeSchema = z.union([z.literal(301), z.literal(302)], { message: 'status_code must be 301 or 302' });

export const createRedirectSchema = z.strictObject({
  source: sourceSchema,
  target: targetSchema,
  status_code: statusCodeSchema.optional(),
  active: z.boolean().optional(),
});
export type CreateRedirectData = z.infer<typeof createRedirectSchema>;

export const updateRedirectSchema = z.strictObject({
  source: sourceSchema.optional(),
  target: targetSchema.optional(),
  status_code: statusCodeSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateRedirectData = z.infer<typeof updateRedirectSchema>;

export const redirectListSchema = z.strictObject({
  ...pageSchema,
  active: z.boolean().optional(),
});
export type RedirectListQuery = z.infer<typeof redirectListSchema>;

@ArgsType()
@ValidateWith(redirectListSchema)
export class RedirectListArgs extends PageArgs {
  @Field(() => Boolean, { nullable: true, description: 'Only active (true) or inactive (false) ones' }) active?: boolean;
}

@InputType('CreateRedirectInput', { description: 'A new redirect' })
@ValidateWith(createRedirectSchema)
export class CreateRedirectInput {
  @Field({ description: 'A path of the store, stored normalised (lower case, no trailing slash)' }) source!: string;
  @Field({ description: 'A path of the store or an absolute http(s) URL' }) target!: string;
  @Field(() => Int, { nullable: true, description: '301 (default) or 302' }) status_code?: 301 | 302;
  @Field(() => Boolean, { nullable: true, description: 'Default true' }) active?: boolean;
}

@InputType('UpdateRedirectInput', { description: 'Changes to a redirect; absent fields stay' })
@ValidateWith(updateRedirectSchema)
export class UpdateRedirectInput {
  @Field(() => String, { nullable: true, description: 'A path of the store, stored normalised (lower case, no trailing slash)' }) source?: string;
  @Field(() => String, { nullable: true, description: 'A path of the store or an absolute http(s) URL' }) target?: string;
  @Field(() => Int, { nullable: true, description: '301 or 302' }) status_code?: 301 | 302;
  @Field(() => Boolean, { nullable: true, description: 'Whether storefronts apply it' }) active?: boolean;
}
