import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type { MediaView } from '../services/views';

const S = { simpleResolvers: true };

/** A media asset in the graph: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('Media', {
  ...S,
  description: 'A stored file of the store (image or PDF) with its public URL, type, size and alt text; an entity other domains refer to by id',
})
@Directive('@key(fields: "id")')
export class MediaType implements MediaView {
  @Field(() => ID, { description: 'The asset id (med_…)' }) id!: string;
  @Field({ description: 'Absolute public URL of the file' }) url!: string;
  @Field({ description: 'The file name given at upload' }) filename!: string;
  @Field({ description: 'Read from the bytes: image/jpeg, image/png, image/gif, image/webp, image/avif, image/svg+xml or application/pdf' }) mime_type!: string;
  @Field(() => Int, { description: 'Bytes (of the sanitized file, for SVG)' }) size!: number;
  @Field(() => Int, { nullable: true, description: 'Pixels; null for PDF and SVGs without a size' }) width!: number | null;
  @Field(() => Int, { nullable: true, description: 'Pixels; null for PDF and SVGs without a size' }) height!: number | null;
  @Field(() => String, { nullable: true, description: 'Alternative text for screen readers and when the image does not load; null when not set' }) alt!:
    string | null;
  @Field(() => String, { nullable: true, description: 'A title for the asset (e.g. shown as a caption or tooltip); null when not set' }) title!: string | null;
  @Field({ description: 'When the file was uploaded (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the asset (its alt text, title or file) last changed (ISO 8601, UTC)' }) updated_at!: string;
}

@ObjectType('MediaList', { description: 'A page of media assets' })
export class MediaListType extends PaginatedList(MediaType) {}

@ObjectType('MediaDeletion', { description: 'The answer to deleting a media asset' })
export class MediaDeletionType {
  @Field(() => ID, { description: 'The id of the deleted asset' }) id!: string;
  @Field({ description: 'Always true: the asset and its stored file are gone' }) deleted!: boolean;
}
