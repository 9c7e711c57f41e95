import type { Client } from 'urql';
import { ConsoleUploadMediaDocument } from './graphql/generated';

/** Uploads a file to the media library (base64 through GraphQL, as the API takes it); answers its URL. */
export async function uploadFile(client: Client, file: File, alt?: string): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const r = await client.mutation(ConsoleUploadMediaDocument, { input: { filename: file.name, content_base64: btoa(binary), alt: alt || null } }).toPromise();
  if (!r.data) throw r.error ?? new Error('upload failed');
  // product images are URLs: a path of this platform becomes absolute
  return new URL(r.data.uploadMedia.url, location.origin).toString();
}
