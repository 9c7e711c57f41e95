import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs, ValidateWith, idList, pageSchema } from '@svc/kit';
import { MEDIA_MIME_TYPES } from '../services/file-inspection';

/**
 * The constraints of media arguments, written once: GraphQL validates with them (`@ValidateWith`),
 * the REST route reuses the id rule.
 */

/** Largest accepted file: 10 MB decoded */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** its base64 length (4 characters per 3 bytes, padded): checked before anything is decoded */
const MAX_BASE64_LENGTH = Math.ceil(MAX_FILE_BYTES / 3) * 4;

export const MEDIA_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'size', '-size', 'filename', '-filename'] as const;
export type MediaOrder = (typeof MEDIA_ORDERS)[number];

/** standard base64 (RFC 4648 §4), padding optional, no whitespace or data: prefix */
const base64 = z
  .string()
  .min(1, 'content_base64 must not be empty')
  .max(MAX_BASE64_LENGTH, `content_base64: the file must be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content_base64 is not valid base64')
  .refine((s) => s.length % 4 !== 1 && (!s.endsWith('=') || s.length % 4 === 0), 'content_base64 is not valid base64');

/** a file name as the uploader named it (kept for display and downloads, never used as a path) */
const filename = z
  .string()
  .min(1, 'filename must not be empty')
  .max(255)
  .refine((s) => !/[\u0000-\u001f\u007f/\\]/.test(s), 'filename must not contain slashes or control characters');
const alt = z.string().max(1000).nullish();
const title = z.string().max(300).nullish();

export const mediaListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(MEDIA_ORDERS).optional(),
  mime_type: z
    .array(z.enum(MEDIA_MIME_TYPES as [string, ...string[]]))
    .max(10)
    .optional(),
  id: idList.optional(),
});
export type MediaListQuery = z.infer<typeof mediaListSchema>;

export const uploadMediaSchema = z.strictObject({ filename, content_base64: base64, alt, title });
export type UploadMediaData = z.infer<typeof uploadMediaSchema>;

/** Only the fields given change; null clears. */
export const updateMediaSchema = z.strictObject({ alt, title });
export type UpdateMediaData = z.infer<typeof updateMediaSchema>;

/** A new file for an existing asset (the file name stays unless given). */
export const replaceMediaFileSchema = z.strictObject({ filename: filename.optional(), content_base64: base64 });
export type ReplaceMediaFileData = z.infer<typeof replaceMediaFileSchema>;

/** an asset id as the REST route and GraphQL take it */
export const mediaIdSchema = z.string().min(1).max(200);

@ArgsType()
@ValidateWith(mediaListSchema)
export class MediaListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: `One of ${MEDIA_ORDERS.join(', ')} (default -created_at)` }) order?: MediaOrder;
  @Field(() => [String], { nullable: true, description: `Only these types (${MEDIA_MIME_TYPES.join(', ')})` }) mime_type?: string[];
  @Field(() => [String], { nullable: true, description: 'Only these asset ids' }) id?: string[];
}

@InputType('UploadMediaInput', { description: 'A file to upload, base64-encoded' })
@ValidateWith(uploadMediaSchema)
export class UploadMediaInput {
  @Field({ description: 'The file name as the uploader knows it (display only: the type is read from the bytes)' }) filename!: string;
  @Field({ description: 'The file, base64 (at most 10 MB decoded): JPEG, PNG, GIF, WebP, AVIF, SVG, PDF or WAV' }) content_base64!: string;
  @Field(() => String, { nullable: true, description: 'Alternative text for screen readers' }) alt?: string | null;
  @Field(() => String, { nullable: true, description: 'A title (e.g. a caption)' }) title?: string | null;
}

@InputType('UpdateMediaInput', { description: 'New alt text and title; absent fields stay, null clears' })
@ValidateWith(updateMediaSchema)
export class UpdateMediaInput {
  @Field(() => String, { nullable: true, description: 'Alternative text for screen readers; null clears' }) alt?: string | null;
  @Field(() => String, { nullable: true, description: 'A title (e.g. a caption); null clears' }) title?: string | null;
}

@InputType('ReplaceMediaFileInput', { description: 'The new file of an asset, base64-encoded' })
@ValidateWith(replaceMediaFileSchema)
export class ReplaceMediaFileInput {
  @Field(() => String, { nullable: true, description: 'The new file name; default: the old one' }) filename?: string;
  @Field({ description: 'The file, base64 (at most 10 MB decoded); its type is read from the bytes' }) content_base64!: string;
}
