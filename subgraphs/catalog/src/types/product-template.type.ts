import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductTemplateOption', { ...S, description: 'An option a product made from the template starts with' })
class TemplateOptionType {
  @Field({ description: "The option's name, e.g. Size" }) title!: string;
  @Field(() => [String], { description: "The option's values, in order" }) values!: string[];
}

@ObjectType('ProductTemplate', { ...S, description: 'What the admin product editor starts a new product from' })
@Directive('@key(fields: "id")')
export class TemplateType {
  @Field(() => ID, { description: 'The template id (ptpl_…)' }) id!: string;
  @Field({ description: "The template's name, e.g. Apparel" }) name!: string;
  @Field(() => String, { nullable: true, description: 'What the template is for; null when not set' }) description!: string | null;
  @Field(() => [TemplateOptionType], { description: 'The options a product made from it starts with' }) options!: TemplateOptionType[];
  @Field(() => JSONScalar, { description: 'flat key -> value: what a new product metadata starts with' }) attributes!: Record<string, unknown>;
  @Field({ description: 'the status a product made from it starts in' }) default_status!: string;
  @Field({ description: 'When the template was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the template last changed (ISO 8601, UTC)' }) updated_at!: string;
}

@ObjectType('ProductTemplateList', { description: 'A page of product templates' })
export class TemplateListType extends PaginatedList(TemplateType) {}

@ObjectType('ProductTemplateDeletion', { description: 'The answer to deleting a product template' })
export class TemplateDeletionType {
  @Field(() => ID, { description: 'The id of the deleted template' }) id!: string;
  @Field({ description: 'Always product_template' }) object!: string;
  @Field({ description: 'Always true' }) deleted!: boolean;
}
