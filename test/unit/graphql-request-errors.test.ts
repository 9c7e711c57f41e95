import { graphqlRequestError } from '@svc/kit';
import { platformGraphQLError } from '../../gateway/src/graphql-server';

/** GraphQL's request errors -> the platform's {type, code, errors} (the /graphql door and the facade share it). */
describe('graphqlRequestError', () => {
  const view = (message: string, code?: string) => {
    const e = graphqlRequestError(message, code);
    return e && { type: e.type, code: e.code, fields: e.extensions.errors?.map((f) => `${f.field}:${f.code}`) };
  };

  it('maps variable coercion errors to invalid_field / missing_field with the variable path', () => {
    expect(
      view('Variable "$input" got invalid value { source: "/a", extra: 1 }; Field "extra" is not defined by type "CreateRedirectInput".', 'BAD_USER_INPUT'),
    ).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      fields: ['input.extra:invalid_field'],
    });
    expect(view('Variable "$input" got invalid value "x" at "input.status_code"; Int cannot represent non-integer value: "x"', 'BAD_USER_INPUT')).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      fields: ['input.status_code:invalid_field'],
    });
    expect(view('Variable "$input" got invalid value { source: "/a" }; Field "target" of required type "String!" was not provided.', 'BAD_USER_INPUT')).toEqual(
      {
        type: 'validation_error',
        code: 'missing_field',
        fields: ['input.target:missing_field'],
      },
    );
    expect(view('Variable "$id" of required type "String!" was not provided.', 'BAD_USER_INPUT')).toEqual({
      type: 'validation_error',
      code: 'missing_field',
      fields: ['id:missing_field'],
    });
    expect(view('Variable "$id" of non-null type "String!" must not be null.', 'BAD_USER_INPUT')).toEqual({
      type: 'validation_error',
      code: 'missing_field',
      fields: ['id:missing_field'],
    });
  });

  it('maps inline argument errors, other validation failures, syntax and request errors', () => {
    expect(view('Int cannot represent non-integer value: "ten"', 'GRAPHQL_VALIDATION_FAILED')).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      fields: undefined,
    });
    expect(view('Field "colour" is not defined by type "CreateRedirectInput".', 'GRAPHQL_VALIDATION_FAILED')).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      fields: ['colour:invalid_field'],
    });
    expect(view('Unknown argument "colour" on field "Query.products".', 'GRAPHQL_VALIDATION_FAILED')).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      fields: ['colour:invalid_field'],
    });
    expect(view('Field "product" argument "id" of type "String!" is required, but it was not provided.', 'GRAPHQL_VALIDATION_FAILED')).toEqual({
      type: 'validation_error',
      code: 'missing_field',
      fields: ['id:missing_field'],
    });
    expect(view('Cannot query field "colour" on type "Product".', 'GRAPHQL_VALIDATION_FAILED')).toEqual({
      type: 'validation_error',
      code: 'invalid_query',
      fields: undefined,
    });
    expect(view('Syntax Error: Expected Name, found "}".', 'GRAPHQL_PARSE_FAILED')).toEqual({
      type: 'validation_error',
      code: 'invalid_query',
      fields: undefined,
    });
    expect(view('GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.', 'BAD_REQUEST')).toEqual({
      type: 'validation_error',
      code: 'invalid_request',
      fields: undefined,
    });
    expect(graphqlRequestError('Product not found', undefined)).toBeUndefined();
    expect(graphqlRequestError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND')).toBeUndefined();
  });
});

/** What /graphql answers for each error: always `extensions: {type, code}`, never Apollo's own codes alone. */
describe('platformGraphQLError', () => {
  it('keeps typed errors, translates request errors and masks anything else as an internal error', () => {
    const typed = { message: 'No product', path: ['product'], extensions: { type: 'not_found', code: 'product_not_found', stacktrace: ['…'] } };
    expect(platformGraphQLError(typed)).toEqual({ message: 'No product', path: ['product'], extensions: { type: 'not_found', code: 'product_not_found' } });
    expect(platformGraphQLError({ message: 'Syntax Error: Expected Name, found <EOF>.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } })).toEqual({
      message: 'Syntax Error: Expected Name, found <EOF>.',
      extensions: { type: 'validation_error', code: 'invalid_query' },
    });
    expect(platformGraphQLError({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }).extensions).toEqual({
      type: 'not_found',
      code: 'PERSISTED_QUERY_NOT_FOUND',
    });
    // a crash, an unreachable subgraph, a non-null field left null: no internals shown, still typed
    for (const untyped of [
      { message: "Cannot read properties of undefined (reading 'operation')", extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      {
        message: 'request to http://10.0.0.7:4001/ failed, reason: connect ECONNREFUSED',
        path: ['products'],
        extensions: { code: 'DOWNSTREAM_SERVICE_ERROR', serviceName: 'catalog' },
      },
      { message: 'Cannot return null for non-nullable field Query.brand.', path: ['brand'] },
    ])
      expect(platformGraphQLError(untyped)).toEqual({
        message: 'An internal error occurred',
        ...(untyped.path ? { path: untyped.path } : {}),
        extensions: { type: 'api_error', code: 'internal_error' },
      });
  });
});
