// A V8 code cache for the CommonJS modules a process loads (our TypeScript after SWC, and
// node_modules): about 3,000 modules make a platform, and compiling them is a fifth of a start
// (0.5 s of 2.9 s for a child platform on the 2-core machine). Node 22 has this built in
// (module.enableCompileCache), used when present; on Node 20 this hook compiles each module with
// vm.Script and the cached data of an earlier run, and saves what it compiled once loading pauses.
//
// The cache lives in node_modules/.cache/svc-compile/<node version>, a directory of the checkout's
// owner (never a shared temporary directory: V8 checks cached data only against the source's length),
// one file per module named by a hash of its path and source, so an edited file simply misses.
// SVC_COMPILE_CACHE=<dir> puts it elsewhere, SVC_COMPILE_CACHE=off turns it off. A cache that cannot
// be written (a read-only image) only costs the compile it would have saved.
const Module = require('node:module');
const vm = require('node:vm');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const setting = process.env.SVC_COMPILE_CACHE;
const base = setting && setting !== 'off' ? setting : path.join(__dirname, '..', 'node_modules', '.cache', 'svc-compile');
const dir = path.join(base, `${process.version}-${process.arch}`);

const DYNAMIC_IMPORT = /\bimport\s*\(/;
/** V8 refuses cached data made under other flags (`--expose-gc`, say): such processes keep entries of their own */
const FLAGS = process.execArgv.join(' ');

function install() {
  if (setting === 'off') return;
  if (typeof Module.enableCompileCache === 'function') {
    Module.enableCompileCache(base);
    return;
  }
  const compile = Module.prototype._compile;
  /** scripts compiled without usable cached data, saved once loading pauses */
  let unsaved = [];
  let timer = null;
  const save = () => {
    const batch = unsaved;
    unsaved = [];
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      for (const [file, script] of batch) {
        const tmp = `${file}.${process.pid}`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, file); // a reader never sees half a file
      }
    } catch {
      /* not writable: the next process compiles again */
    }
  };
  process.once('exit', save);

  Module.prototype._compile = function compileWithCache(content, filename, format) {
    // ES modules (.mjs, require(esm)) keep Node's own path, and so does a module with a dynamic
    // import(): on Node 20 a script made from cached data loses its import callback
    if (filename.endsWith('.mjs') || (format && format !== 'commonjs') || DYNAMIC_IMPORT.test(content)) return compile.apply(this, arguments);
    const file = path.join(
      dir,
      crypto.createHash('sha256').update(FLAGS).update('\0').update(filename).update('\0').update(content).digest('hex').slice(0, 40),
    );
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      return compile.apply(this, arguments); // Node's own path reports the syntax error as usual
    }
    if (!cachedData || script.cachedDataRejected) {
      unsaved.push([file, script]);
      // after the functions that loading ran are compiled too (they go into the cached data)
      if (timer) timer.refresh();
      else timer = setTimeout(save, 1000).unref();
    }
    return run(this, script.runInThisContext({ displayErrors: true }), filename);
  };
}

/** Runs a compiled module wrapper as Node does: `this` is exports, with the module's own require. */
function run(mod, wrapper, filename) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return wrapper.call(mod.exports, mod.exports, require, mod, filename, path.dirname(filename));
}

install();
