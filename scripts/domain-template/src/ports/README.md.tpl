# {{name}}: ports

The operations this domain runs against other domains, one `<provider>.graphql` file per domain it
calls (for example `catalog.graphql`), each operation named `{{Name}}…`:

```graphql
# catalog.graphql
query {{Name}}Product($id: String!) {
  product(id: $id) { id title }
}
```

`npm run ports:generate` validates them against the supergraph and writes `generated.ts` (commit
it): a typed document per operation, `{{Name}}ProductDocument`, which the services pass to the
graph client, `deps.graph.execute(ctx, {{Name}}ProductDocument, { id })`, and get the result typed.
The platform refuses to start when a port no longer validates (a field renamed in the providing
domain), and `test/contract/ports.test.ts` checks the same. Never write an operation string in
service code. Events of another domain come from its event contract, `@svc/<domain>/events`.
