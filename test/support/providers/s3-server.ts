import http from 'node:http';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local S3-compatible object store for tests: real HTTP on 127.0.0.1, path-style addressing
 * (`/<bucket>/<key>`), PutObject, GetObject, HeadObject and DeleteObject, and every request's
 * AWS Signature Version 4 verified from the documented algorithm
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html):
 *
 *   CanonicalRequest = Method \n CanonicalURI \n CanonicalQuery \n CanonicalHeaders \n SignedHeaders \n HashedPayload
 *   StringToSign     = "AWS4-HMAC-SHA256" \n X-Amz-Date \n <date>/<region>/s3/aws4_request \n hex(SHA256(CanonicalRequest))
 *   SigningKey       = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), "s3"), "aws4_request")
 *   Signature        = hex(HMAC(SigningKey, StringToSign))
 *
 * A wrong signature is 403 SignatureDoesNotMatch, an unknown access key 403 InvalidAccessKeyId, a
 * body that does not hash to `x-amz-content-sha256` 400 XAmzContentSHA256Mismatch; errors are
 * S3's XML. Nothing here uses the AWS SDK.
 */
interface StoredObject {
  body: Buffer;
  contentType: string;
}

interface S3Request {
  method: string;
  path: string;
  status: number;
  error?: string;
}

/** RFC 3986 unreserved characters stay, everything else is %XX (uppercase), as SigV4 requires */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export class S3Server {
  readonly objects = new Map<string, StoredObject>();
  readonly requests: S3Request[] = [];
  private readonly sockets = new Set<Socket>();
  private server!: http.Server;
  url = '';

  constructor(readonly opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** the object at `key` of the bucket */
  object(key: string): StoredObject | undefined {
    return this.objects.get(key);
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
    const method = req.method ?? 'GET';
    const reply = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string, error?: string) => {
      this.requests.push({ method, path: rawPath, status, ...(error ? { error } : {}) });
      res.writeHead(status, headers);
      res.end(method === 'HEAD' ? undefined : payload);
    };
    const fail = (status: number, code: string, message: string) =>
      reply(
        status,
        { 'content-type': 'application/xml' },
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${rawPath}</Resource></Error>`,
        code,
      );

    const auth = this.verify(req, method, rawPath, rawQuery, body);
    if (auth) return fail(auth.status, auth.code, auth.message);

    // path style: /<bucket>/<key…>
    const segments = rawPath
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
    const [bucket, ...keyParts] = segments;
    if (bucket !== this.opts.bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = keyParts.join('/');
    if (!key) return fail(400, 'InvalidRequest', 'This server serves objects only');
    const found = this.objects.get(key);
    switch (method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return reply(200, { etag });
      }
      case 'GET':
      case 'HEAD':
        if (!found) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        return reply(
          200,
          { 'content-type': found.contentType, 'content-length': String(found.body.length), etag: `"${createHash('md5').update(found.body).digest('hex')}"` },
          found.body,
        );
      case 'DELETE':
        this.objects.delete(key);
        return reply(204);
      default:
        return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  /** SigV4 of the Authorization header; undefined when the request is signed by the known key */
  private verify(
    req: http.IncomingMessage,
    method: string,
    rawPath: string,
    rawQuery: string,
    body: Buffer,
  ): { status: number; code: string; message: string } | undefined {
    const header = String(req.headers.authorization ?? '');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(header);
    if (!m) return { status: 403, code: 'AccessDenied', message: 'Requests must be signed with AWS Signature Version 4' };
    const [, accessKey, date, region, signedList, signature] = m;
    if (accessKey !== this.opts.accessKeyId)
      return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
    if (region !== this.opts.region)
      return { status: 400, code: 'AuthorizationHeaderMalformed', message: `the region '${region}' is wrong; expecting '${this.opts.region}'` };
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(date)) return { status: 403, code: 'AccessDenied', message: 'X-Amz-Date does not match the credential scope' };
    const signed = signedList.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signed.includes(required)) return { status: 403, code: 'AccessDenied', message: `${required} must be signed` };
    }
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256hex(body)) {
      return { status: 400, code: 'XAmzContentSHA256Mismatch', message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
    }

    // canonical URI: every segment URI-encoded once (S3 does not double-encode)
    const canonicalUri =
      rawPath
        .split('/')
        .map((s) => uriEncode(decodeURIComponent(s)))
        .join('/') || '/';
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf('=');
        const k = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
        const v = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
        return [uriEncode(k), uriEncode(v)] as const;
      })
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = signed
      .map((name) => {
        const raw = req.headers[name];
        const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
        return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [method, canonicalUri, canonicalQuery, canonicalHeaders, signedList, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${this.opts.secretAccessKey}`, date), region), 's3'), 'aws4_request');
    const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
    }
    return undefined;
  }
}
