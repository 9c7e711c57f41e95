import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { RedirectView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Redirect', { ...S, description: 'A redirect from an old storefront path to a new path or URL' })
@Directive('@key(fields: "id")')
export class RedirectType implements RedirectView {
  @Field(() => ID, { description: 'The redirect id (redir_…)' }) id!: string;
  @Field({ description: 'The path redirected from, starting with a single / (no query or fragment)' }) source!: string;
  @Field({ description: 'Where it leads: a path starting with / or an absolute http(s) URL' }) target!: string;
  @Field(() => Int, { description: '301 (permanent) or 302 (temporary)' }) status_code!: number;
  @Field({ description: 'Whether storefronts apply it (inactive ones are kept but not listed by storeRedirects)' }) active!: boolean;
  @Field({ description: 'When the redirect was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the redirect last changed (ISO 8601, UTC)' }) updated_at!: string;
}

@ObjectType('RedirectList', { description: 'A page of redirects' })
export class RedirectListType extends PaginatedList(RedirectType) {}

/** What a storefront needs of an active redirect. */
@ObjectType('StoreRedirect', { ...S, description: 'What a storefront needs of an active redirect' })
export class StoreRedirectType {
  @Field({ description: 'The path redirected from, starting with a single / (no query or fragment)' }) source!: string;
  @Field({ description: 'Where it leads: a path starting with / or an absolute http(s) URL' }) target!: string;
  @Field(() => Int, { description: '301 (permanent) or 302 (temporary)' }) status_code!: number;
}
