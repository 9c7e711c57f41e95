import type { Orm } from '@svc/kit';

export type Row = Record<string, any>;

/** Base of the catalog's hand-written read paths: the subgraph's schema name and a raw query. */
export abstract class SqlReader {
  constructor(protected readonly orm: Orm) {}

  protected get s(): string {
    return this.orm.config.get('schema') as string;
  }

  protected q(sql: string, params: unknown[]): Promise<Row[]> {
    return this.orm.em.getConnection().execute(sql, params) as Promise<Row[]>;
  }
}
