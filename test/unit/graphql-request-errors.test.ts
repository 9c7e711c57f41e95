import { graphqlRequestError } from '@svc/kit';

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
