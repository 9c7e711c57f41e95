// Packages a dependency requires when it loads but uses only on a path the platform never takes:
// each is loaded at its first use instead. Apollo's gateway loads the OpenTelemetry metrics SDK, its
// OTLP exporter and five cloud resource detectors (about 270 modules, a tenth of a platform's and
// 0.25–0.4 s of CPU at every start) for its usage reporting to Apollo, which the platform switches off
// (`APOLLO_TELEMETRY_DISABLED`, gateway/src/gateway.ts): only the functions that build that reporting
// read them. The gateway's tracer (`@opentelemetry/api`) and the semantic conventions it reads at load
// are loaded as before.
//
// A deferred package is a stand-in object that loads the real one at the first property read (or
// `in`, key listing, assignment) and forwards to it from then on, so a path that does use it works
// unchanged, only later. Installed for the platform's processes by scripts/register.js and for jest's
// module registry by test/support/caching-runtime.js.
const Module = require('node:module');

const DEFERRED = [
  {
    from: '/node_modules/@apollo/gateway/dist/utilities/opentelemetry.js',
    packages: new Set([
      '@opentelemetry/sdk-metrics',
      '@opentelemetry/resources',
      '@opentelemetry/exporter-metrics-otlp-http',
      '@opentelemetry/resource-detector-alibaba-cloud',
      '@opentelemetry/resource-detector-aws',
      '@opentelemetry/resource-detector-gcp',
      '@opentelemetry/resource-detector-azure',
      'node-cpu-count',
    ]),
  },
];

/** whether `request`, required by the file `from`, is loaded at its first use */
function isDeferred(from, request) {
  if (!from) return false;
  const normalized = from.replace(/\\/g, '/');
  return DEFERRED.some((d) => normalized.endsWith(d.from) && d.packages.has(request));
}

/** a stand-in for a module's exports that loads them with `load` when first used */
function deferred(load) {
  let real;
  const target = () => (real ??= load());
  return new Proxy(
    {},
    {
      get: (_t, key) => Reflect.get(target(), key),
      has: (_t, key) => Reflect.has(target(), key),
      set: (_t, key, value) => Reflect.set(target(), key, value),
      ownKeys: () => Reflect.ownKeys(target()),
      // described as configurable: the stand-in's own (empty) target cannot hold a fixed property
      getOwnPropertyDescriptor: (_t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(target(), key);
        return d && { ...d, configurable: true };
      },
      getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    },
  );
}

/** defers the listed packages for Node's own module loader (the platform's processes) */
function install() {
  const require = Module.prototype.require;
  Module.prototype.require = function requireDeferred(request) {
    if (isDeferred(this.filename, request)) return deferred(() => require.call(this, request));
    return require.call(this, request);
  };
}

module.exports = { install, isDeferred, deferred };
