import type { Client } from 'urql';
import { ConsoleUploadMediaDocument } from './graphql/generated';

/** Uploads a file to the media library; answers its absolute URL. */
export async function uploadFile(client: Client, file: File, alt?: string): Promise<string> {
  // product images are URLs: a path of this platform becomes absolute
  return new URL((await uploadMedia(client, file, alt)).url, location.origin).toString();
}

/** Uploads a file to the media library (base64 through GraphQL, as the API takes it); answers the asset (its id and URL). */
export async function uploadMedia(client: Client, file: File, alt?: string): Promise<{ id: string; url: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const r = await client.mutation(ConsoleUploadMediaDocument, { input: { filename: file.name, content_base64: btoa(binary), alt: alt || null } }).toPromise();
  if (!r.data) throw r.error ?? new Error('upload failed');
  return r.data.uploadMedia;
}
