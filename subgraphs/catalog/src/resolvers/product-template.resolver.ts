import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { TemplateDeletionType, TemplateListType, TemplateType } from '../types/product-template.type';
import { CreateTemplateInput, TemplateListArgs, UpdateTemplateInput } from '../inputs/product-template.input';

@Resolver(() => TemplateType)
export class ProductTemplateResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => TemplateListType, { description: 'Product templates of the store, by name unless order says otherwise' })
  productTemplates(@Ctx() ctx: RequestContext, @Args() args: TemplateListArgs) {
    return this.s.templates.list(ctx, args);
  }

  @Query(() => TemplateType, { description: 'One product template of the store by id' })
  productTemplate(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The template id (ptpl_…)' }) id: string) {
    return this.s.templates.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => TemplateType, { description: 'Admin: a new product template' })
  createProductTemplate(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new template' }) input: CreateTemplateInput) {
    return this.s.templates.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => TemplateType, { description: 'Admin: changes the fields given of a product template' })
  updateProductTemplate(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The template id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateTemplateInput,
  ) {
    return this.s.templates.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => TemplateDeletionType, { description: 'Admin: deletes a product template (products made from it stay)' })
  deleteProductTemplate(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The template id' }) id: string) {
    return this.s.templates.delete(ctx, id);
  }
}
