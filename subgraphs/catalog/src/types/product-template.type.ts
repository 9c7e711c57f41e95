import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductTemplateOption', S)
class TemplateOptionType {
  @Field() title!: string;
  @Field(() => [String]) values!: string[];
}

@ObjectType('ProductTemplate', { ...S, description: 'What the admin product editor starts a new product from' })
@Directive('@key(fields: "id")')
export class TemplateType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [TemplateOptionType]) options!: TemplateOptionType[];
  @Field(() => JSONScalar, { description: 'flat key -> value: what a new product metadata starts with' }) attributes!: Record<string, unknown>;
  @Field({ description: 'the status a product made from it starts in' }) default_status!: string;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('ProductTemplateList')
export class TemplateListType extends PaginatedList(TemplateType) {}

@ObjectType('ProductTemplateDeletion')
export class TemplateDeletionType {
  @Field(() => ID) id!: string;
  @Field() object!: string;
  @Field() deleted!: boolean;
}
