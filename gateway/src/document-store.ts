import type { DocumentNode } from 'graphql';
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';

/**
 * Apollo Server's store of parsed and validated documents, with admission: Apollo stores a document
 * right after validation, before the operation is costed (the cost needs the variables). Here that
 * store is only noted against the document; the document enters the LRU once the cost plugin has
 * checked it (`admit`). A document refused by a limit is never admitted, and its note goes with the
 * document (a WeakMap), so nothing keyed by it outlives the request.
 *
 * A document read from the store was admitted before; a caller with lower limits may still be refused
 * for it, which adds nothing.
 */
export class AdmittingDocumentStore implements KeyValueCache<DocumentNode> {
  private readonly lru: InMemoryLRUCache<DocumentNode>;
  private readonly pending = new WeakMap<DocumentNode, string>();

  constructor(maxBytes: number) {
    this.lru = new InMemoryLRUCache<DocumentNode>({ maxSize: maxBytes });
  }

  async get(key: string): Promise<DocumentNode | undefined> {
    return this.lru.get(key);
  }

  /** called by Apollo after validation: held back until the document passes the limits */
  async set(key: string, value: DocumentNode): Promise<void> {
    this.pending.set(value, key);
  }

  async delete(key: string): Promise<boolean | void> {
    return this.lru.delete(key);
  }

  /** the document passed every limit: keep it */
  admit(document: DocumentNode): void {
    const key = this.pending.get(document);
    if (key === undefined) return;
    this.pending.delete(document);
    void this.lru.set(key, document);
  }

  /** whether a key is kept (tests) */
  has(key: string): boolean {
    return this.lru.keys().includes(key);
  }

  /** number of kept documents (tests) */
  get size(): number {
    return this.lru.keys().length;
  }
}
