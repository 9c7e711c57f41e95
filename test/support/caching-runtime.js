/**
 * Jest's module runtime with a V8 code cache. Every suite has a fresh module registry, so a suite
 * that boots a platform compiles its ~3,000 modules again: about a sixth of such a suite's CPU on
 * the 2-core machine. This runtime compiles each module with the cached data an earlier suite (or
 * run) produced for the same file and source, and stores what it compiled when there was none.
 * Cached data only spares V8 the parse; what runs is the same code. scripts/compile-cache.js does
 * the same for the platform's own processes (`node -r scripts/register.js`).
 *
 * The cache lives in node_modules/.cache/svc-jest-compile/<node version>, one file per module named
 * by a hash of its path, parameters and source (an edited file simply misses); SVC_COMPILE_CACHE=off
 * turns it off. A module with a dynamic `import()` keeps Jest's own compile (its import callback).
 * It also defers the packages scripts/lazy-modules.js lists, as the platform's processes do.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;
const { deferred, isDeferred } = require('../../scripts/lazy-modules');

const OFF = process.env.SVC_COMPILE_CACHE === 'off';
const DIR = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'svc-jest-compile', `${process.version}-${process.arch}`);
const DYNAMIC_IMPORT = /\bimport\s*\(/;
let dirReady = false;

function store(file, data) {
  try {
    if (!dirReady) fs.mkdirSync(DIR, { recursive: true, mode: 0o700 });
    dirReady = true;
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file); // a reader never sees half a file
  } catch {
    /* not writable: the next suite compiles again */
  }
}

/** compiles like Jest's module executor, with cached data from the cache directory */
function cachingCompile(executor, jestCompile) {
  return (scriptSource, filename) => {
    const vmContext = executor.environment.getVmContext();
    if (vmContext == null || DYNAMIC_IMPORT.test(scriptSource) || executor.resolution.isCoreModule(filename)) return jestCompile(scriptSource, filename);
    const params = executor.injectedModuleParameters;
    const file = path.join(
      DIR,
      crypto.createHash('sha256').update(filename).update('\0').update(params.join(',')).update('\0').update(scriptSource).digest('hex').slice(0, 40),
    );
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let fn;
    try {
      fn = vm.compileFunction(scriptSource, params, { filename, parsingContext: vmContext, cachedData, produceCachedData: !cachedData });
    } catch {
      return jestCompile(scriptSource, filename); // Jest's own path reports the syntax error as usual
    }
    if (!cachedData && fn.cachedDataProduced) store(file, fn.cachedData);
    else if (cachedData && fn.cachedDataRejected) fs.rm(file, { force: true }, () => {}); // made by another V8: the next suite makes it anew
    return fn;
  };
}

class CachingRuntime extends Runtime {
  /** the packages scripts/lazy-modules.js defers are loaded at their first use here too */
  requireModuleOrMock(from, moduleName) {
    if (isDeferred(from, moduleName)) return deferred(() => super.requireModuleOrMock(from, moduleName));
    return super.requireModuleOrMock(from, moduleName);
  }

  constructor(...args) {
    super(...args);
    // Jest 30 compiles in its module executor (an internal object): without one this is Jest's runtime
    const executor = this.executor;
    if (!OFF && executor && typeof executor.compile === 'function' && Array.isArray(executor.injectedModuleParameters)) {
      executor.compile = cachingCompile(executor, executor.compile.bind(executor));
    }
  }
}

module.exports = CachingRuntime;
