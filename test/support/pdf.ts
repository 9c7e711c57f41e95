import { execFile } from 'node:child_process';

/** reads a PDF on stdin, writes its text (pdf-parse's getText) */
const EXTRACT = `
  const { PDFParse } = require(process.argv[1]);
  const chunks = [];
  process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
    const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
    process.stdout.write((await parser.getText()).text);
    await parser.destroy();
  });`;

/**
 * The text of a PDF, whitespace runs as one space: pdf.js (through pdf-parse) in a plain Node.js
 * process, since pdf.js loads its worker with a dynamic import that jest's module sandbox refuses.
 */
export const pdfText = (bytes: Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', EXTRACT, require.resolve('pdf-parse')], { maxBuffer: 10 * 1024 * 1024 }, (err, out) =>
      err ? reject(err) : resolve(out.replace(/\s+/g, ' ')),
    );
    child.stdin!.end(bytes);
  });

/** A PDF's status, content type and bytes, read raw (not as text). */
export async function fetchPdf(url: string, headers: Record<string, string>): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
