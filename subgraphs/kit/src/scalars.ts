import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    case Kind.LIST:
      return ast.values.map(literal);
    default:
      return null;
  }
}

/** Free-form JSON (metadata). Same name in every subgraph so composition merges it. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Arbitrary JSON value (metadata and the like)',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: literal,
});
