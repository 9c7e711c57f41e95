import type { Redirect } from '../entities/redirect.entity';

/** Views the services return: plain objects, snake_case like the API (GraphQL fields = REST JSON). */
export interface RedirectView {
  id: string;
  source: string;
  target: string;
  status_code: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export const toRedirectView = (r: Redirect): RedirectView => ({
  id: r.id,
  source: r.source,
  target: r.target,
  status_code: r.statusCode,
  active: r.active,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
