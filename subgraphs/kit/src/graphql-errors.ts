import { DomainError, type FieldError } from './errors';

/**
 * GraphQL's own request errors (syntax, validation, input coercion of variables and inline
 * arguments) in the platform's vocabulary, so that `/graphql` and the REST facade answer them like
 * every other error: `validation_error` with
 * - `invalid_field` (a value that does not fit its input type: a wrong scalar, an unknown input
 *   field or argument) or `missing_field` (a required variable, argument or input field absent),
 *   with `errors: [{field, code, message}]` naming the variable path where GraphQL tells it;
 * - `invalid_query` (a syntax error, a field that does not exist, any other validation rule);
 * - `invalid_request` (no query, an unknown operation name).
 * Answers undefined for anything else (resolver errors carry their own type and code).
 */
export function graphqlRequestError(message: string, graphqlCode?: unknown): DomainError | undefined {
  const variable = /^Variable "\$([A-Za-z_][A-Za-z0-9_]*)"/.exec(message);
  if (variable) {
    const name = variable[1];
    const missing = /of required type .* was not provided|of non-null type .* must not be null/.test(message) && !/got invalid value/.test(message);
    const at = /got invalid value .*? at "([^"]+)"/.exec(message)?.[1];
    const unknown = /Field "([^"]+)" is not defined by type/.exec(message)?.[1];
    const absent = /Field "([^"]+)" of required type .* was not provided/.exec(message)?.[1];
    const field = [at ?? name, unknown ?? absent].filter(Boolean).join('.');
    const code = missing || (absent && !unknown) ? 'missing_field' : 'invalid_field';
    return withField(code, message, field);
  }
  if (graphqlCode === 'GRAPHQL_VALIDATION_FAILED' || graphqlCode === 'BAD_USER_INPUT') {
    // inline values (ValuesOfCorrectType, KnownArgumentNames, ProvidedRequiredArguments)
    if (/^(Expected value of type|Field "[^"]+" is not defined by type|Unknown argument "|.+ cannot represent )/.test(message)) {
      const field = /Field "([^"]+)" is not defined by type/.exec(message)?.[1] ?? /^Unknown argument "([^"]+)"/.exec(message)?.[1];
      return withField('invalid_field', message, field);
    }
    if (/^Field "[^"]+" (argument "[^"]+" of type .* is required|of required type .* was not provided)/.test(message)) {
      const field = /argument "([^"]+)"/.exec(message)?.[1] ?? /^Field "[^".]*\.?([^"]+)" of required type/.exec(message)?.[1];
      return withField('missing_field', message, field);
    }
    if (graphqlCode === 'BAD_USER_INPUT') return withField('invalid_field', message, undefined);
    return new DomainError('validation_error', 'invalid_query', message);
  }
  if (graphqlCode === 'GRAPHQL_PARSE_FAILED') return new DomainError('validation_error', 'invalid_query', message);
  if (graphqlCode === 'BAD_REQUEST' || graphqlCode === 'OPERATION_RESOLUTION_FAILURE') return new DomainError('validation_error', 'invalid_request', message);
  return undefined;
}

function withField(code: string, message: string, field: string | undefined): DomainError {
  const errors: FieldError[] | undefined = field ? [{ field, code, message }] : undefined;
  return new DomainError('validation_error', code, message, errors);
}
