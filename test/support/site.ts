import type { PlatformClient } from './http';

/**
 * GraphQL helpers of the site tests: `run` answers the first root field's data (or fails loudly
 * on errors), `refused` answers the first error's extensions (and fails when there was none).
 */
export function graphqlHelpers(p: () => PlatformClient, token: () => string) {
  const run = async (query: string, variables: Record<string, unknown>, as = token()): Promise<any> => {
    const r = await p().graphql(query, variables, { token: as });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return Object.values(r.body.data)[0];
  };
  const refused = async (query: string, variables: Record<string, unknown>, as = token()): Promise<any> => {
    const r = await p().graphql(query, variables, { token: as });
    if (!r.body?.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(r.body)}`);
    return r.body.errors[0].extensions;
  };
  return { run, refused };
}
