import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, metadataSchema, pageSchema, type Metadata } from '@svc/kit';
import { optionSchema } from './product.input';

export const TEMPLATE_ORDERS = ['name', '-name', 'created_at', '-created_at'] as const;
export const TEMPLATE_STATUSES = ['draft', 'proposed', 'published'] as const;

export const templateListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(TEMPLATE_ORDERS, { message: `order must be one of ${TEMPLATE_ORDERS.join(', ')}` }).optional(),
});
export type TemplateListQuery = z.infer<typeof templateListSchema>;

/** options of a template: distinct titles, each with distinct values (what createProduct accepts) */
const templateOptions = z
  .array(optionSchema)
  .max(10, 'a template has at most 10 options')
  .refine((os) => new Set(os.map((o) => o.title)).size === os.length, 'option titles must be distinct')
  .refine((os) => os.every((o) => new Set(o.values).size === o.values.length), 'the values of an option must be distinct');

const templateFields = {
  name: z.string().trim().min(1, 'name must not be empty').max(200, 'name is at most 200 characters'),
  description: z.string().max(5000, 'description is at most 5,000 characters').nullish(),
  options: templateOptions,
  attributes: metadataSchema,
  default_status: z.enum(TEMPLATE_STATUSES, { message: `default_status must be one of ${TEMPLATE_STATUSES.join(', ')}` }),
};
export const createTemplateSchema = z.strictObject({
  ...templateFields,
  options: templateFields.options.optional(),
  attributes: templateFields.attributes.nullish(),
  default_status: templateFields.default_status.optional(),
});
export type CreateTemplateData = z.infer<typeof createTemplateSchema>;
export const updateTemplateSchema = z.strictObject({
  name: templateFields.name.optional(),
  description: templateFields.description,
  options: templateFields.options.optional(),
  attributes: templateFields.attributes.nullish(),
  default_status: templateFields.default_status.optional(),
});
export type UpdateTemplateData = z.infer<typeof updateTemplateSchema>;

@ArgsType()
@ValidateWith(templateListSchema)
export class TemplateListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'name (default), -name, created_at or -created_at' }) order?: (typeof TEMPLATE_ORDERS)[number];
}

@InputType('ProductTemplateOptionInput', { description: 'An option of a template' })
class TemplateOptionInput {
  @Field({ description: "The option's name, e.g. Size" }) title!: string;
  @Field(() => [String], { description: "The option's values, in order" }) values!: string[];
}

@InputType('UpdateProductTemplateInput', { description: 'Changes to a product template; absent fields stay' })
@ValidateWith(updateTemplateSchema)
export class UpdateTemplateInput {
  @Field({ nullable: true, description: "The template's name" }) name?: string;
  @Field(() => String, { nullable: true, description: 'What the template is for; null clears' }) description?: string | null;
  @Field(() => [TemplateOptionInput], { nullable: true, description: 'The options a new product starts with (replaces the list)' })
  options?: TemplateOptionInput[];
  @Field(() => JSONScalar, { nullable: true, description: 'flat key -> value (metadata limits): what a new product metadata starts with' })
  attributes?: Metadata | null;
  @Field(() => String, { nullable: true, description: 'draft (default), proposed or published' }) default_status?: (typeof TEMPLATE_STATUSES)[number];
}

@InputType('CreateProductTemplateInput', { description: 'A new product template' })
@ValidateWith(createTemplateSchema)
export class CreateTemplateInput extends UpdateTemplateInput {
  @Field({ description: "The template's name (required)" }) declare name: string;
}
