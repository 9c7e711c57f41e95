import { EndpointGate, receiverHealthy, type GateLimits } from '@svc/webhooks';

/** A clock the test moves; nothing here waits for real time. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const limits = (o: Partial<GateLimits> = {}): GateLimits => ({ concurrency: 2, ratePerSecond: 0, breakerFailures: 3, breakerOpenMs: 30_000, ...o });

describe('webhooks endpoint gate', () => {
  it('keeps at most `concurrency` requests in flight per endpoint, and other endpoints apart', () => {
    const gate = new EndpointGate(limits({ concurrency: 2 }), clock());
    expect(gate.acquire('a')).toBeNull();
    expect(gate.acquire('a')).toBeNull();
    expect(gate.acquire('a')).toEqual({ reason: 'concurrency', retryInMs: null });
    expect(gate.blocked()).toEqual(['a']);
    expect(gate.acquire('b')).toBeNull();
    gate.release('a', true);
    expect(gate.inFlight('a')).toBe(1);
    expect(gate.blocked()).toEqual([]);
    expect(gate.acquire('a')).toBeNull();
  });

  it('opens the breaker after consecutive failures and half-opens on the clock: one trial, success closes', () => {
    const c = clock();
    const gate = new EndpointGate(limits({ concurrency: 10, breakerFailures: 3, breakerOpenMs: 30_000 }), c);
    for (let i = 0; i < 2; i++) {
      expect(gate.acquire('a')).toBeNull();
      gate.release('a', false);
    }
    expect(gate.breaker('a')).toBe('closed');
    // a success in between resets the count
    expect(gate.acquire('a')).toBeNull();
    gate.release('a', true);
    for (let i = 0; i < 3; i++) {
      expect(gate.acquire('a')).toBeNull();
      gate.release('a', false);
    }
    expect(gate.breaker('a')).toBe('open');
    expect(gate.acquire('a')).toEqual({ reason: 'breaker', retryInMs: 30_000 });
    expect(gate.blocked()).toEqual(['a']);
    c.advance(29_999);
    expect(gate.acquire('a')?.reason).toBe('breaker');
    c.advance(1);
    expect(gate.breaker('a')).toBe('half-open');
    expect(gate.acquire('a')).toBeNull(); // the trial
    expect(gate.acquire('a')).toEqual({ reason: 'breaker', retryInMs: null }); // only one
    gate.release('a', true);
    expect(gate.breaker('a')).toBe('closed');
    expect(gate.acquire('a')).toBeNull();
    expect(gate.acquire('a')).toBeNull();
  });

  it('a failed trial opens the breaker for another period', () => {
    const c = clock();
    const gate = new EndpointGate(limits({ breakerFailures: 1, breakerOpenMs: 1000 }), c);
    expect(gate.acquire('a')).toBeNull();
    gate.release('a', false);
    expect(gate.breaker('a')).toBe('open');
    c.advance(1000);
    expect(gate.acquire('a')).toBeNull();
    gate.release('a', false);
    expect(gate.breaker('a')).toBe('open');
    expect(gate.acquire('a')).toEqual({ reason: 'breaker', retryInMs: 1000 });
    // an aborted trial (the process stopping) says nothing: the next one may go
    c.advance(1000);
    expect(gate.acquire('a')).toBeNull();
    gate.release('a', null);
    expect(gate.breaker('a')).toBe('half-open');
    expect(gate.acquire('a')).toBeNull();
  });

  it('limits the rate per endpoint with a bucket of one second, refilled on the clock', () => {
    const c = clock();
    const gate = new EndpointGate(limits({ concurrency: 100, ratePerSecond: 4 }), c);
    for (let i = 0; i < 4; i++) {
      expect(gate.acquire('a')).toBeNull();
      gate.release('a', true);
    }
    expect(gate.acquire('a')).toEqual({ reason: 'rate', retryInMs: 250 });
    expect(gate.acquire('b')).toBeNull();
    c.advance(250);
    expect(gate.acquire('a')).toBeNull();
    expect(gate.acquire('a')?.reason).toBe('rate');
  });

  it('a rate below one a second still sends: the bucket holds at least one request', () => {
    const c = clock();
    const gate = new EndpointGate(limits({ concurrency: 10, ratePerSecond: 0.5 }), c);
    expect(gate.capacity('a')).toBe(1);
    expect(gate.acquire('a')).toBeNull();
    gate.release('a', true);
    expect(gate.acquire('a')).toEqual({ reason: 'rate', retryInMs: 2000 });
    c.advance(2000);
    expect(gate.acquire('a')).toBeNull();
  });

  it('sizes a claim: per endpoint its free slots, whole tokens or one half-open trial; others the whole concurrency', () => {
    const c = clock();
    const gate = new EndpointGate(limits({ concurrency: 8, ratePerSecond: 0, breakerFailures: 1, breakerOpenMs: 1000 }), c);
    expect(gate.capacities()).toEqual({ known: new Map(), fresh: 8 });
    for (let i = 0; i < 3; i++) expect(gate.acquire('a')).toBeNull();
    expect(gate.acquire('b')).toBeNull();
    gate.release('b', false); // b's breaker opens
    expect(gate.capacities()).toEqual({
      known: new Map([
        ['a', 5],
        ['b', 0],
      ]),
      fresh: 8,
    });
    c.advance(1000);
    expect(gate.capacity('b')).toBe(1); // half-open: one trial
    expect(gate.acquire('b')).toBeNull();
    expect(gate.capacity('b')).toBe(0);

    const rated = new EndpointGate(limits({ concurrency: 8, ratePerSecond: 3 }), c);
    expect(rated.capacities().fresh).toBe(3);
    expect(rated.acquire('a')).toBeNull();
    expect(rated.capacity('a')).toBe(2);
    c.advance(1000);
    expect(rated.capacity('a')).toBe(3);
  });

  it('counts no answer, 5xx and 429 against the receiver; other answers show it alive; refusals and selections say nothing', () => {
    const r = (status: number | null, error: string | null = null) => ({ status, durationMs: 1, snippet: null, retryAfter: null, error });
    expect(receiverHealthy(r(204))).toBe(true);
    expect(receiverHealthy(r(400))).toBe(true);
    expect(receiverHealthy(r(410))).toBe(true);
    expect(receiverHealthy(r(500))).toBe(false);
    expect(receiverHealthy(r(429))).toBe(false);
    expect(receiverHealthy(r(null, 'timeout'))).toBe(false);
    expect(receiverHealthy(r(null, 'refused: loopback'))).toBeNull();
    expect(receiverHealthy(r(null, 'selection: gone'))).toBeNull();
  });
});
