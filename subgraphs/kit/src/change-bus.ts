import { Client } from 'pg';
import type { Logger } from 'pino';

/**
 * Cross-instance change notifications over PostgreSQL LISTEN/NOTIFY: every instance that caches
 * something (publishable keys, catalog documents) drops it when a writer anywhere announces a
 * change. NOTIFY is transactional, so listeners hear of a change only once it is committed.
 */
export type ChangeHandler = (payload: string) => void;

export class ChangeBus {
  private client?: Client;
  private handlers = new Map<string, Set<ChangeHandler>>();
  private closed = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    client.on('notification', (msg) => this.deliver(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => {
      this.log.warn({ err }, 'change bus connection lost; reconnecting');
      this.scheduleReconnect();
    });
    await client.connect();
    this.client = client;
    for (const channel of this.handlers.keys()) await client.query(`listen "${channel}"`);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const old = this.client;
    this.client = undefined;
    old?.end().catch(() => undefined);
    // Whatever was cached may be stale after a gap: tell every listener.
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect()
        .then(() => {
          for (const [, hs] of this.handlers) for (const h of hs) h('*');
        })
        .catch(() => this.scheduleReconnect());
    }, 1000);
    this.reconnectTimer.unref();
  }

  /**
   * Hands a change to this instance's listeners at once. A writer whose readers may live in this
   * process calls it after its commit (besides its NOTIFY, which reaches the other instances), so
   * the request that follows its answer never reads what the change replaced: NOTIFY alone arrives
   * a moment later, on its own connection.
   */
  deliver(channel: string, payload: string): void {
    for (const h of this.handlers.get(channel) ?? []) {
      try {
        h(payload);
      } catch (err) {
        this.log.error({ err, channel }, 'change handler failed');
      }
    }
  }

  async on(channel: string, handler: ChangeHandler): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.client?.query(`listen "${channel}"`);
    }
    set.add(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.client?.end().catch(() => undefined);
  }
}
