import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { RedirectView } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Redirect', S)
@Directive('@key(fields: "id")')
export class RedirectType implements RedirectView {
  @Field(() => ID) id!: string;
  @Field() source!: string;
  @Field() target!: string;
  @Field(() => Int) status_code!: number;
  @Field() active!: boolean;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('RedirectList')
export class RedirectListType extends PaginatedList(RedirectType) {}

/** What a storefront needs of an active redirect. */
@ObjectType('StoreRedirect', S)
export class StoreRedirectType {
  @Field() source!: string;
  @Field() target!: string;
  @Field(() => Int) status_code!: number;
}
