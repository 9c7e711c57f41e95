import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MediaServices } from '../services';
import { MediaDeletionType, MediaListType, MediaType } from '../types/media.type';
import { MediaListArgs, ReplaceMediaFileInput, UpdateMediaInput, UploadMediaInput, mediaIdSchema } from '../inputs/media.input';
import { fromZod } from '@svc/kit';

/** the id argument, checked like the REST route checks it */
function checkedId(id: string): string {
  const r = mediaIdSchema.safeParse(id);
  if (!r.success) throw fromZod('id', r.error);
  return r.data;
}

/** Media in the graph: one service call per field. Anyone with the store's key reads one asset; admins manage them. */
@Resolver(() => MediaType)
export class MediaResolver {
  constructor(private readonly s: MediaServices) {}

  @Query(() => MediaType, { description: 'One media asset of the store by id' })
  media(@Ctx() ctx: RequestContext, @Arg('id', { description: "The asset id (med_…); another store's id answers not_found" }) id: string) {
    return this.s.media.get(ctx, checkedId(id));
  }

  @Authorized('admin')
  @Query(() => MediaListType, { description: "The store's media assets, newest first by default (admin)" })
  mediaList(@Ctx() ctx: RequestContext, @Args() args: MediaListArgs) {
    return this.s.media.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => MediaType, { description: 'Uploads a file (base64, at most 10 MB): its type, size and dimensions are read from the bytes' })
  uploadMedia(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The file and its alt text and title' }) input: UploadMediaInput) {
    return this.s.media.upload(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => MediaType, { description: 'Changes alt text and title (null clears)' })
  updateMedia(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The asset id (med_…)' }) id: string,
    @Arg('input', { description: 'The alt text and title' }) input: UpdateMediaInput,
  ) {
    return this.s.media.update(ctx, checkedId(id), input);
  }

  @Authorized('admin')
  @Mutation(() => MediaType, { description: 'Replaces the file of an asset (new URL; the old file is removed)' })
  replaceMediaFile(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The asset id (med_…)' }) id: string,
    @Arg('input', { description: 'The new file' }) input: ReplaceMediaFileInput,
  ) {
    return this.s.media.replaceFile(ctx, checkedId(id), input);
  }

  @Authorized('admin')
  @Mutation(() => MediaDeletionType, { description: 'Deletes an asset and its stored file' })
  deleteMedia(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The asset id (med_…)' }) id: string) {
    return this.s.media.delete(ctx, checkedId(id));
  }
}
