{
  "name": "@svc/{{name}}",
  "version": "0.1.0",
  "private": true,
  "main": "src/index.ts",
  "exports": {
    ".": "./src/index.ts",
    "./events": "./src/events.ts",
    "./package.json": "./package.json"
  },
  "typesVersions": {
    "*": {
      "events": [
        "src/events.ts"
      ]
    }
  },
  "dependencies": {
    "@mikro-orm/core": "{{mikroOrmVersion}}",
    "@mikro-orm/migrations": "{{mikroOrmVersion}}",
    "@svc/kit": "{{kitVersion}}",
    "type-graphql": "{{typeGraphqlVersion}}",
    "zod": "{{zodVersion}}"
  },
  "svc": {
    "domain": {
      "order": {{order}}
    }
  }
}
