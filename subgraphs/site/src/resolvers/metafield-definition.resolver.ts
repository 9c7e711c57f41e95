import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { MetafieldDefinitionType } from '../types/metafield.type';
import { CreateMetafieldDefinitionInput, MetafieldDefinitionListArgs, UpdateMetafieldDefinitionInput } from '../inputs/metafield.input';

/** Metafield definitions (admin): a namespace + key declared per resource type with the type of its values. */
@Resolver(() => MetafieldDefinitionType)
export class MetafieldDefinitionResolver {
  constructor(private readonly s: SiteServices) {}

  @Authorized('admin')
  @Query(() => [MetafieldDefinitionType], { description: "The store's metafield definitions, by resource type, namespace and key" })
  metafieldDefinitions(@Ctx() ctx: RequestContext, @Args() args: MetafieldDefinitionListArgs) {
    return this.s.metafieldDefinitions.list(ctx, args.resource_type);
  }

  @Authorized('admin')
  @Mutation(() => MetafieldDefinitionType, {
    description: '409 duplicate when declared already, 409 type_mismatch when values of the key have another type; 400 for bad input',
  })
  createMetafieldDefinition(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The resource type, namespace, key, type and name' }) input: CreateMetafieldDefinitionInput,
  ) {
    return this.s.metafieldDefinitions.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => MetafieldDefinitionType, { description: "Changes a definition's name, description or default visibility; 404 when absent" })
  updateMetafieldDefinition(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The definition id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateMetafieldDefinitionInput,
  ) {
    return this.s.metafieldDefinitions.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => MetafieldDefinitionType, { description: 'Removes a definition (its values stay as plain metafields); answers what it was' })
  deleteMetafieldDefinition(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The definition id' }) id: string) {
    return this.s.metafieldDefinitions.delete(ctx, id);
  }
}
