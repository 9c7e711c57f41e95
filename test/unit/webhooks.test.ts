import { ALL_EVENTS, onAllEvents } from '@svc/kit';
import {
  AllowList,
  TargetGuard,
  TargetRefused,
  embeddedV4,
  isBlockedAddress,
  matchesEventType,
  orderingKeyOf,
  retryAfterSeconds,
  RETRY_SCHEDULE_SECONDS,
  sendWebhook as send,
} from '@svc/webhooks';
import { WebhookReceiver } from '../support/webhook-receiver';

/** The parts of outbound webhooks that need no database: SSRF rules, pinning, schedules, matching. */
describe('webhooks: targets, pinning and schedules', () => {
  it('blocks loopback, private, link-local, unique-local, CGNAT, multicast and unspecified addresses of both families', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.251',
      '239.1.1.1',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '::127.0.0.1',
      '[::1]',
    ];
    for (const a of blocked) expect({ a, blocked: isBlockedAddress(a) }).toEqual({ a, blocked: true });
    const open = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'];
    for (const a of open) expect({ a, blocked: isBlockedAddress(a) }).toEqual({ a, blocked: false });
    expect(isBlockedAddress('not-an-ip')).toBe(true);
    expect(embeddedV4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedV4('2606:4700::1111')).toBeNull();
  });

  it('allow-lists names, suffixes, addresses and CIDRs (IPv4 CIDRs cover their IPv4-mapped form)', () => {
    const allow = new AllowList(['hooks.internal', '*.corp.example', '10.20.0.0/16', '::1', '127.0.0.1']);
    expect(allow.hostAllowed('hooks.internal')).toBe(true);
    expect(allow.hostAllowed('a.b.corp.example')).toBe(true);
    expect(allow.hostAllowed('corp.example.evil')).toBe(false);
    expect(allow.addressAllowed('10.20.3.4')).toBe(true);
    expect(allow.addressAllowed('::ffff:10.20.3.4')).toBe(true);
    expect(allow.addressAllowed('10.21.0.1')).toBe(false);
    expect(allow.addressAllowed('::1')).toBe(true);
    expect(allow.addressAllowed('127.0.0.2')).toBe(false);
    expect(new AllowList([]).addressAllowed('127.0.0.1')).toBe(false);
  });

  it('refuses at save time by the URL alone, and at delivery time by every resolved address', async () => {
    const names: Record<string, Array<{ address: string; family: number }>> = {
      'public.example': [{ address: '93.184.216.34', family: 4 }],
      'mixed.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
      'loop6.example': [{ address: '::1', family: 6 }],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
    };
    const guard = new TargetGuard([], async (h) => names[h] ?? []);
    const u = (s: string) => new URL(s);
    expect(guard.refuseAtSave(u('http://127.0.0.1/'))).toMatch(/loopback, private/);
    expect(guard.refuseAtSave(u('http://[::ffff:127.0.0.1]/'))).toMatch(/loopback, private/);
    expect(guard.refuseAtSave(u('http://localhost:3000/'))).toMatch(/internal host name/);
    expect(guard.refuseAtSave(u('https://public.example/'))).toBeNull();
    await expect(guard.check(u('https://public.example/'))).resolves.toEqual({ pinned: { address: '93.184.216.34', family: 4 } });
    await expect(guard.check(u('https://mixed.example/'))).rejects.toThrow(/resolves to 10\.0\.0\.1/);
    await expect(guard.check(u('https://loop6.example/'))).rejects.toThrow(TargetRefused);
    await expect(guard.check(u('https://mapped.example/'))).rejects.toThrow(TargetRefused);
    await expect(guard.check(u('https://nowhere.example/'))).rejects.toThrow(/does not resolve/);
    await expect(guard.check(u('http://[::1]/'))).rejects.toThrow(TargetRefused);
    // the endpoint exemption (operators) and the allow-list let them pass
    await expect(guard.check(u('https://loop6.example/'), true)).resolves.toEqual({});
    const allowed = new TargetGuard(['127.0.0.0/8', '::1'], async (h) => names[h] ?? []);
    expect(allowed.refuseAtSave(u('http://127.0.0.1:9000/'))).toBeNull();
    await expect(allowed.check(u('https://mapped.example/'))).resolves.toEqual({ pinned: { address: '::ffff:127.0.0.1', family: 6 } });
    await expect(allowed.check(u('https://loop6.example/'))).resolves.toBeTruthy();
  });

  it('connects to the checked address only (the name is not resolved again), and times out', async () => {
    const rx = await new WebhookReceiver().start();
    try {
      const guard = new TargetGuard(['127.0.0.1'], async (h) => (h === 'pinned.invalid' ? [{ address: '127.0.0.1', family: 4 }] : []));
      const url = new URL(`http://pinned.invalid:${rx.port}/pinned`);
      const r = await send(url, { 'x-test': '1' }, '{"a":1}', await guard.check(url), 5000);
      expect(r).toMatchObject({ status: 200, snippet: 'ok', error: null });
      expect(rx.at('/pinned')[0]).toMatchObject({
        body: '{"a":1}',
        headers: expect.objectContaining({ host: `pinned.invalid:${rx.port}`, 'x-test': '1', 'content-type': 'application/json' }),
      });
      // without the pin the name does not resolve at all
      const unpinned = await send(url, {}, '{}', {}, 5000);
      expect(unpinned.status).toBeNull();
      expect(unpinned.error).toMatch(/ENOTFOUND|EAI_AGAIN/);
      rx.script('/hang', ['hang']);
      const slow = await send(new URL(rx.url('/hang', '127.0.0.1')), {}, '{}', {}, 200);
      expect(slow).toMatchObject({ status: null, error: 'timed out after 200 ms' });
      expect(slow.durationMs).toBeGreaterThanOrEqual(190);
    } finally {
      await rx.stop();
    }
  });

  it('reads Retry-After as seconds or a date, and keeps the documented schedule', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('999999')).toBe(86_400);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThan(28);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
    expect(RETRY_SCHEDULE_SECONDS).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  });

  it('matches event types and finds the entity an event is about', () => {
    expect(matchesEventType([], 'order.placed')).toBe(true);
    expect(matchesEventType(['order.*'], 'order.payment_captured')).toBe(true);
    expect(matchesEventType(['order.*'], 'orders.x')).toBe(false);
    expect(matchesEventType(['customer.created'], 'customer.updated')).toBe(false);
    expect(orderingKeyOf({ id: 'evt_1', data: { id: 'order_1', x: 1 } })).toBe('order_1');
    expect(orderingKeyOf({ id: 'evt_1', data: { email: 'a', customer_id: 'cus_1' } })).toBe('cus_1');
    expect(orderingKeyOf({ id: 'evt_1', data: {} })).toBe('evt_1');
  });

  it('kit: a wildcard subscription binds to every event type', () => {
    const sub = onAllEvents('fan-out', async () => undefined);
    expect(sub.event).toBe(ALL_EVENTS);
    expect(sub.schema.safeParse({ any: 'thing' }).success).toBe(true);
    expect(() => onAllEvents('Not Kebab', async () => undefined)).toThrow(/kebab-case/);
  });
});
