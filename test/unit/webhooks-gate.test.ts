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
