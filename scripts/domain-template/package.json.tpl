{
  "name": "@svc/{{name}}",
  "version": "0.1.0",
  "private": true,
  "main": "src/index.ts",
  "dependencies": {
    "@svc/kit": "{{kitVersion}}",
    "zod": "{{zodVersion}}"
  },
  "svc": {
    "domain": {
      "order": {{order}}
    }
  }
}
