import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { MediaView } from '../services/views';

const S = { simpleResolvers: true };

/** A media asset in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('Media', S)
@Directive('@key(fields: "id")')
export class MediaType implements MediaView {
  @Field(() => ID) id!: string;
  @Field({ description: 'Absolute public URL of the file' }) url!: string;
  @Field({ description: 'The file name given at upload' }) filename!: string;
  @Field({ description: 'Read from the bytes: image/jpeg, image/png, image/gif, image/webp, image/avif, image/svg+xml or application/pdf' }) mime_type!: string;
  @Field(() => Int, { description: 'Bytes (of the sanitized file, for SVG)' }) size!: number;
  @Field(() => Int, { nullable: true, description: 'Pixels; null for PDF and SVGs without a size' }) width!: number | null;
  @Field(() => Int, { nullable: true }) height!: number | null;
  @Field(() => String, { nullable: true }) alt!: string | null;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('MediaList')
export class MediaListType extends PaginatedList(MediaType) {}

@ObjectType('MediaDeletion')
export class MediaDeletionType {
  @Field(() => ID) id!: string;
  @Field() deleted!: boolean;
}
