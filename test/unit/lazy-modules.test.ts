import { execFileSync } from 'node:child_process';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository (scripts/register.js loads it)
const { deferred, isDeferred } = require('../../scripts/lazy-modules') as {
  deferred: <T extends object>(load: () => T) => T;
  isDeferred: (from: string, request: string) => boolean;
};

/**
 * scripts/lazy-modules.js: packages Apollo's gateway loads for its usage reporting (switched off)
 * are loaded at their first use. The stand-in loads nothing until used and then behaves as the
 * module; a platform process does not load them, and runs as before (every e2e suite).
 */
const ROOT = path.join(__dirname, '..', '..');

describe('packages loaded at their first use', () => {
  it('a stand-in loads the module at its first use, once, and then answers as the module', () => {
    let loads = 0;
    const real = { answer: 42, nested: { ok: true }, call: (x: number) => x * 2 };
    const mod = deferred(() => {
      loads += 1;
      return real;
    });
    expect(loads).toBe(0);
    expect(mod.answer).toBe(42);
    expect(loads).toBe(1);
    expect(mod.call(4)).toBe(8);
    expect('nested' in mod).toBe(true);
    expect('missing' in mod).toBe(false);
    expect(Object.keys(mod)).toEqual(['answer', 'nested', 'call']);
    expect({ ...mod }).toEqual(real);
    (mod as { answer: number }).answer = 7;
    expect(real.answer).toBe(7);
    expect(loads).toBe(1);
  });

  it('defers only the listed packages, and only for the file that loads them', () => {
    const from = path.join(ROOT, 'node_modules/@apollo/gateway/dist/utilities/opentelemetry.js');
    expect(isDeferred(from, '@opentelemetry/sdk-metrics')).toBe(true);
    expect(isDeferred(from, '@opentelemetry/api')).toBe(false); // the gateway's tracer, used on every request
    expect(isDeferred(path.join(ROOT, 'node_modules/@apollo/gateway/dist/index.js'), '@opentelemetry/sdk-metrics')).toBe(false);
    expect(isDeferred(path.join(ROOT, 'subgraphs/kit/src/index.ts'), '@opentelemetry/sdk-metrics')).toBe(false);
  });

  it("a platform process (scripts/register.js) loads the gateway without Apollo's metrics SDK, exporter and detectors", () => {
    const script = `
      require('@svc/platform');
      const loaded = Object.keys(require.cache);
      const otel = require('@apollo/gateway/dist/utilities/opentelemetry');
      console.log(JSON.stringify({
        gateway: loaded.some((f) => f.includes('/@apollo/gateway/dist/index.js')),
        deferred: loaded.filter((f) => /\\/(@opentelemetry\\/(sdk-metrics|resources|exporter-metrics-otlp-http|resource-detector-[a-z-]+)|node-cpu-count)\\//.test(f)).length,
        tracer: typeof otel.tracer.startActiveSpan,
      }));
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ gateway: true, deferred: 0, tracer: 'function' });
  });
});
