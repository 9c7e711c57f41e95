import { systemClock, type Clock } from '@svc/kit';

/** Limits the dispatcher keeps per endpoint (in this process). */
export interface GateLimits {
  /** requests in flight to one endpoint at once */
  concurrency: number;
  /** requests started per second to one endpoint (0: unlimited); a token bucket holding one second's worth (at least one request) */
  ratePerSecond: number;
  /** consecutive failures (no answer, 5xx, 429) that open the endpoint's breaker */
  breakerFailures: number;
  /** how long an open breaker stays open before one trial request goes (half-open) */
  breakerOpenMs: number;
}

type BreakerState = 'closed' | 'open' | 'half-open';

interface EndpointState {
  inFlight: number;
  tokens: number;
  refilledAt: number;
  failures: number;
  state: BreakerState;
  openedAt: number;
  /** a half-open breaker's one trial is under way */
  trial: boolean;
}

/** Why a delivery may not start now, and when to look again (ms from now; null: when a request ends). */
export type GateRefusal = { reason: 'concurrency' | 'rate' | 'breaker'; retryInMs: number | null };

/**
 * Per-endpoint concurrency limit, rate limit and circuit breaker of one dispatcher. A delivery
 * `acquire`s its endpoint before its request and `release`s it with the outcome after. A refused
 * delivery is not attempted (it keeps its retry schedule) and waits in the queue.
 *
 * The breaker: `breakerFailures` consecutive failures open it; while open nothing goes to the
 * endpoint; `breakerOpenMs` later (on the clock) it is half-open and lets exactly one trial
 * through; the trial's success closes it, its failure opens it again for another period.
 */
export class EndpointGate {
  private readonly endpoints = new Map<string, EndpointState>();

  constructor(
    private readonly limits: GateLimits,
    private readonly clock: Clock = systemClock,
  ) {}

  private stateOf(id: string): EndpointState {
    let s = this.endpoints.get(id);
    if (!s) {
      s = { inFlight: 0, tokens: this.bucketSize, refilledAt: this.clock.now(), failures: 0, state: 'closed', openedAt: 0, trial: false };
      this.endpoints.set(id, s);
    }
    return s;
  }

  /** The breaker's state now (an open breaker whose period passed reads half-open). */
  breaker(id: string): BreakerState {
    const s = this.endpoints.get(id);
    if (!s) return 'closed';
    if (s.state === 'open' && this.clock.now() - s.openedAt >= this.limits.breakerOpenMs) s.state = 'half-open';
    return s.state;
  }

  /** Requests in flight to the endpoint now. */
  inFlight(id: string): number {
    return this.endpoints.get(id)?.inFlight ?? 0;
  }

  /** Endpoints to which no delivery may start now (the claim leaves their deliveries alone). */
  blocked(): string[] {
    const out: string[] = [];
    for (const id of this.endpoints.keys()) if (this.check(id) !== null) out.push(id);
    return out;
  }

  /** How many deliveries to the endpoint may start now: its free slots, its whole tokens, one trial (0: blocked). */
  capacity(id: string): number {
    if (this.check(id)) return 0;
    const s = this.endpoints.get(id);
    if (!s) return this.freshCapacity;
    let n = this.limits.concurrency - s.inFlight;
    if (s.state === 'half-open') n = Math.min(n, 1);
    if (this.limits.ratePerSecond > 0) n = Math.min(n, Math.floor(s.tokens));
    return Math.max(0, n);
  }

  /**
   * What the claim may take now: per endpoint the gate knows (one with requests in flight, a
   * breaker, a bucket not full), its capacity (0: leave its deliveries alone); any other endpoint
   * takes up to `fresh`.
   */
  capacities(): { known: Map<string, number>; fresh: number } {
    const known = new Map<string, number>();
    for (const id of this.endpoints.keys()) known.set(id, this.capacity(id));
    return { known, fresh: this.freshCapacity };
  }

  /** An endpoint without state: its whole concurrency, or a full bucket's whole tokens when fewer. */
  private get freshCapacity(): number {
    return this.limits.ratePerSecond > 0 ? Math.min(this.limits.concurrency, Math.floor(this.bucketSize)) : this.limits.concurrency;
  }

  /** The bucket holds one second's worth of requests, and at least one (a rate below 1/s still sends). */
  private get bucketSize(): number {
    return Math.max(1, this.limits.ratePerSecond);
  }

  /** Takes a slot of the endpoint, or says why not. */
  acquire(id: string): GateRefusal | null {
    const refused = this.check(id);
    if (refused) return refused;
    const s = this.stateOf(id);
    s.inFlight++;
    if (this.limits.ratePerSecond > 0) s.tokens -= 1;
    if (s.state === 'half-open') s.trial = true;
    return null;
  }

  /** Gives the slot back with the request's outcome (`null`: aborted, counts neither way). */
  release(id: string, ok: boolean | null): void {
    const s = this.stateOf(id);
    s.inFlight = Math.max(0, s.inFlight - 1);
    const trial = s.trial;
    if (ok === null) {
      s.trial = false;
      return;
    }
    if (ok) {
      s.failures = 0;
      if (trial || s.state !== 'closed') {
        s.state = 'closed';
        s.trial = false;
      }
      this.forgetIfIdle(id, s);
      return;
    }
    s.failures++;
    if (trial || (s.state === 'closed' && s.failures >= this.limits.breakerFailures)) {
      s.state = 'open';
      s.openedAt = this.clock.now();
      s.trial = false;
    }
  }

  private check(id: string): GateRefusal | null {
    const s = this.endpoints.get(id);
    if (!s) return null;
    const now = this.clock.now();
    const state = this.breaker(id);
    if (state === 'open') return { reason: 'breaker', retryInMs: Math.max(1, s.openedAt + this.limits.breakerOpenMs - now) };
    if (state === 'half-open' && s.trial) return { reason: 'breaker', retryInMs: null };
    if (s.inFlight >= this.limits.concurrency) return { reason: 'concurrency', retryInMs: null };
    if (this.limits.ratePerSecond > 0) {
      const rate = this.limits.ratePerSecond;
      s.tokens = Math.min(this.bucketSize, s.tokens + ((now - s.refilledAt) / 1000) * rate);
      s.refilledAt = now;
      if (s.tokens < 1) return { reason: 'rate', retryInMs: Math.max(1, Math.ceil(((1 - s.tokens) / rate) * 1000)) };
    }
    return null;
  }

  /** A healthy endpoint with nothing in flight and a full bucket needs no state (the map stays small). */
  private forgetIfIdle(id: string, s: EndpointState): void {
    if (s.inFlight === 0 && s.state === 'closed' && s.failures === 0 && (this.limits.ratePerSecond === 0 || s.tokens >= this.bucketSize))
      this.endpoints.delete(id);
  }
}
