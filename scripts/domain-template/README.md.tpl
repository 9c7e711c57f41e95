# {{Human}} (domain `{{name}}`)

What this domain owns, in a paragraph: its aggregates, and what it asks of other domains through
its ports (`src/ports/`).

## REST (storefront)

| Method | Path | Auth | Answer |
|---|---|---|---|
| GET | `/store/{{name}}-items` | key | `{ {{snake}}_items, count, offset, limit }`, newest first (`order`, `q`, `id`, `handle`) |
| GET | `/store/{{name}}-items/:id` | key | `{ {{snake}}_item }` by id or handle |

## Admin GraphQL

The mutations of `src/resolvers/` (admin token, the admin's store only).

## Events

The types of `src/events.ts` (the contract module `@svc/{{name}}/events`).

## Settings

None yet. A setting of this domain alone is declared in its manifest (`settings: defineSettings({ … })`
in `src/settings.ts`, each variable described); `npm run docs:generate` adds it to the
[settings table](../../docs/operations.md#configuration) and `npm run compose:generate` passes it
to this domain's service.

## Demo store

What `src/seed/demo-seed.ts` adds to the demo store.

## Decisions
