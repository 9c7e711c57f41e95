import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { OpenAiServer } from '../support/providers/openai-server';
import { waitFor } from '../support/wait';

/** The format and length of a WAV file, read from its RIFF chunks (written here, apart from the platform's own reader). */
function readWav(bytes: Buffer): { sampleRate: number; channels: number; bits: number; seconds: number } {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  let fmt: { sampleRate: number; channels: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      expect(bytes.readUInt16LE(at + 8)).toBe(1); // PCM
      fmt = { channels: bytes.readUInt16LE(at + 10), sampleRate: bytes.readUInt32LE(at + 12), bits: bytes.readUInt16LE(at + 22) };
    }
    if (id === 'data') {
      expect(fmt).not.toBeNull();
      expect(at + 8 + size).toBe(bytes.length);
      return { ...fmt!, seconds: size / (fmt!.sampleRate * fmt!.channels * (fmt!.bits / 8)) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

const words = (text: string) => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/**
 * The assistant's voice: one chunk on demand and a blog post's voiceover as a job, offline with eSpeak
 * NG (WebAssembly, no network) and with a speech provider (a local server speaking the OpenAI speech
 * API). The audio is valid WAV of a plausible length for its words (0.2–1.5 s a word), the voiceover
 * a media asset of the store; a provider outage fails with nothing stored or spent; another store's
 * post and jobs are 404; bad input is 400.
 */
describe('assistant voice', () => {
  let p: PlatformClient;
  let sql: Client;
  let llm: OpenAiServer;
  let shop: TenantCredentials;
  let admin: string;
  let other: TenantCredentials;
  let otherAdmin: string;
  let postId: string;
  const TITLE = 'Caring for cotton';
  const BODY =
    'Cotton lasts for years when you treat it well. Wash it cold and inside out, with a mild detergent. ' +
    'Dry it flat in the shade, never in the tumble dryer. Iron it while it is still a little damp. ' +
    'Store it folded, not on a hanger, so the shoulders keep their shape. Small holes are easy to mend by hand, and mending is part of the charm. ' +
    'Sun fades dark colours, so keep them away from bright windows. Give a shirt a rest between wears and it will thank you with many more years.';

  const chunk = (body: unknown, token = admin) =>
    fetch(`${p.url}/api/admin/ai/voice/synthesize-chunk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const spent = async (tenantId: string) =>
    (await sql.query(`select coalesce(-sum(amount), 0)::int as n from assistant.credit_entry where tenant_id = $1 and kind = 'spend'`, [tenantId])).rows[0]
      .n as number;
  const audioAssets = async (tenantId: string) =>
    (await sql.query(`select count(*)::int as n from media.media where tenant_id = $1 and mime_type = 'audio/wav'`, [tenantId])).rows[0].n as number;
  const voiceBlog = (body: unknown, token = admin) => p.api('POST', '/admin/ai/voice/blog', { token, body });
  const finished = (statusUrl: string, token = admin) =>
    waitFor(
      `${statusUrl} to finish`,
      async () => {
        const r = await p.api('GET', statusUrl.replace(/^\/api/, ''), { token });
        expect(r.status).toBe(200);
        return (r.body.job.status === 'succeeded' || r.body.job.status === 'failed') && r.body.job;
      },
      120_000,
    );

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    llm = await new OpenAiServer().start();
    const store = async () => {
      const creds = await p.createTenant();
      const token = await p.adminToken(creds);
      for (const [i, code] of ['en', 'de'].entries())
        expect(
          (await p.graphql('mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }', { input: { code, is_default: i === 0 } }, { token })).body
            .errors,
        ).toBeUndefined();
      return { creds, token };
    };
    ({ creds: shop, token: admin } = await store());
    ({ creds: other, token: otherAdmin } = await store());
    const created = await p.graphql(
      'mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id } }',
      {
        input: {
          slug: 'caring-for-cotton',
          variants: [
            { locale: 'en', title: TITLE, body: `## Washing\n\n${BODY}` },
            { locale: 'de', title: 'Baumwolle pflegen', body: 'Kalt waschen. Flach trocknen.' },
          ],
        },
      },
      { token: admin },
    );
    postId = created.body.data.createBlogPost.id;
  });

  afterAll(async () => {
    await llm?.stop();
    await sql?.end();
  });

  it('synthesises one chunk offline with eSpeak NG: valid WAV of a plausible length, one credit', async () => {
    const text = 'Hello, this chunk is spoken by the offline voice.';
    const r = await chunk({ text });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('audio/wav');
    const wav = readWav(Buffer.from(await r.arrayBuffer()));
    expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bits: 16 });
    expect(wav.seconds).toBeGreaterThan(0.2 * words(text));
    expect(wav.seconds).toBeLessThan(1.5 * words(text));
    const de = await chunk({ text: 'Guten Tag, das ist die deutsche Stimme.', locale: 'de' });
    expect(readWav(Buffer.from(await de.arrayBuffer())).seconds).toBeGreaterThan(0.2 * 7);
    expect(await spent(shop.tenant_id)).toBe(2);
    const ledger = await sql.query(`select skill, tier from assistant.credit_entry where tenant_id = $1 and kind = 'spend'`, [shop.tenant_id]);
    expect(ledger.rows).toEqual([
      { skill: 'voice-producer', tier: 'fast' },
      { skill: 'voice-producer', tier: 'fast' },
    ]);
  });

  it('refuses bad input with 400 and other credentials with 401', async () => {
    for (const body of [{}, { text: '  ' }, { text: 'x'.repeat(2001) }, { text: 'Hi', voice: 'a b' }, { text: 'Hi', locale: 'ja' }, { text: 'Hi', speed: 2 }]) {
      const r = await chunk(body);
      expect([r.status, ((await r.json()) as { type: string }).type]).toEqual([400, 'validation_error']);
    }
    for (const body of [{}, { post_id: 'a b' }, { post_id: postId, locale: 'xx' }, { post_id: postId, extra: true }])
      expect((await voiceBlog(body)).status).toBe(400);
    expect((await chunk({ text: 'Hi' }, shop.agent_api_key)).status).toBe(401);
    expect((await p.api('POST', '/admin/ai/voice/blog', { body: { post_id: postId } })).status).toBe(401);
    expect((await p.api('GET', '/admin/ai/jobs/aijob_0', {})).status).toBe(401);
    expect((await p.api('GET', '/admin/ai/jobs/not-an-id', { token: admin })).status).toBe(400);
    // a variant the post does not have
    const fr = await voiceBlog({ post_id: postId, locale: 'fr' });
    expect([fr.status, fr.body.code]).toEqual([400, 'locale_not_found']);
  });

  it('voices a blog post offline: 202 with a job at once, chunks at sentence boundaries, one WAV media asset', async () => {
    const before = await spent(shop.tenant_id);
    const r = await voiceBlog({ post_id: postId });
    expect(r.status).toBe(202);
    expect(r.body.job).toMatchObject({ kind: 'voice', status: 'queued', progress: 0, total: 2, input: { post_id: postId, locale: 'en', voice: null } });
    expect(r.body.status_url).toBe(`/api/admin/ai/jobs/${r.body.job.id}`);
    const job = await finished(r.body.status_url);
    expect(job).toMatchObject({ status: 'succeeded', progress: 2, total: 2, error: null });
    expect(job.result).toMatchObject({ engine: 'espeak', voice: 'en', locale: 'en', chunks: 2, mime_type: 'audio/wav', credits: 2 });
    const audio = await fetch(job.result.url);
    expect(audio.status).toBe(200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.length).toBe(job.result.size);
    const wav = readWav(bytes);
    const n = words(`${TITLE} Washing ${BODY}`);
    expect(wav.seconds).toBeGreaterThan(0.2 * n);
    expect(wav.seconds).toBeLessThan(1.5 * n);
    expect(Math.abs(wav.seconds - job.result.duration_seconds)).toBeLessThan(0.01);
    expect(await audioAssets(shop.tenant_id)).toBe(1);
    expect(await spent(shop.tenant_id)).toBe(before + 2);
    const media = await p.api('GET', `/store/media/${job.result.media_id}`, { key: shop.publishable_key });
    expect(media.body.media).toMatchObject({ mime_type: 'audio/wav', width: null, height: null });
    // the German variant when asked for
    const de = await finished((await voiceBlog({ post_id: postId, locale: 'de' })).body.status_url);
    expect(de.result).toMatchObject({ voice: 'de', locale: 'de', chunks: 1 });
  });

  it('another store’s post and jobs are 404, nothing queued', async () => {
    const theirs = await voiceBlog({ post_id: postId }, otherAdmin);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'not_found']);
    const mine = (await sql.query(`select id from assistant.ai_job where tenant_id = $1 limit 1`, [shop.tenant_id])).rows[0].id as string;
    expect((await p.api('GET', `/admin/ai/jobs/${mine}`, { token: otherAdmin })).status).toBe(404);
    expect((await sql.query(`select count(*)::int as n from assistant.ai_job where tenant_id = $1`, [other.tenant_id])).rows[0].n).toBe(0);
  });

  describe('with a speech provider', () => {
    it('is configured by the admin with the key sealed, and speaks through the OpenAI speech API at the skill’s tier', async () => {
      const r = await p.graphql(
        'mutation($input: AssistantSpeechProviderInput!) { configureAssistantSpeechProvider(input: $input) { kind base_url model voice api_key_hint enabled } }',
        { input: { base_url: llm.url, api_key: 'sk-speech-9876', model: 'tts-test', voice: 'alloy' } },
        { token: admin },
      );
      expect(r.body.data.configureAssistantSpeechProvider).toEqual({
        kind: 'speech',
        base_url: llm.url,
        model: 'tts-test',
        voice: 'alloy',
        api_key_hint: '…9876',
        enabled: true,
      });
      const sealed = (await sql.query(`select key_sealed from assistant.provider_setting where tenant_id = $1 and kind = 'speech'`, [shop.tenant_id])).rows[0]
        .key_sealed;
      expect(sealed).not.toContain('sk-speech-9876');
      const before = await spent(shop.tenant_id);
      const text = 'Four words from provider.';
      const out = await chunk({ text, voice: 'verse' });
      expect(out.status).toBe(200);
      const wav = readWav(Buffer.from(await out.arrayBuffer()));
      expect(wav.sampleRate).toBe(24000);
      expect(wav.seconds).toBeCloseTo(1.6, 3);
      expect(llm.requests.at(-1)).toMatchObject({
        headers: expect.objectContaining({ authorization: 'Bearer sk-speech-9876' }),
        body: { model: 'tts-test', input: text, voice: 'verse', response_format: 'wav' },
      });
      expect(await spent(shop.tenant_id)).toBe(before + 3);
    });

    it('an outage is 502 provider_unavailable with nothing spent; a voiceover failing mid-way stores nothing', async () => {
      const before = await spent(shop.tenant_id);
      const assets = await audioAssets(shop.tenant_id);
      llm.fail('500');
      const down = await chunk({ text: 'Nobody hears this.' });
      expect([down.status, ((await down.json()) as { code: string }).code]).toEqual([502, 'provider_unavailable']);
      llm.fail('refuse');
      expect(((await (await chunk({ text: 'Nor this.' })).json()) as { code: string }).code).toBe('provider_refused');
      // the first chunk is spoken, the second meets the outage
      llm.fail('none');
      llm.fail('break');
      const job = await finished((await voiceBlog({ post_id: postId })).body.status_url);
      expect(job).toMatchObject({ status: 'failed', progress: 1, total: 2, result: null, error: { type: 'provider_error', code: 'provider_unavailable' } });
      expect(await audioAssets(shop.tenant_id)).toBe(assets);
      expect(await spent(shop.tenant_id)).toBe(before);
      // with the provider back, the same request succeeds with its voice
      const ok = await finished((await voiceBlog({ post_id: postId })).body.status_url);
      expect(ok.result).toMatchObject({ engine: 'speech_provider', voice: 'alloy', chunks: 2, credits: 6 });
      expect(readWav(Buffer.from(await (await fetch(ok.result.url)).arrayBuffer())).sampleRate).toBe(24000);
    });
  });
});
