/**
 * Jest's order of suites, with the slowest known suites first. Jest's own sequencer starts the
 * suites that took longest in the previous run first, but a clean clone (CI) has no previous run and
 * it falls back to file size: the few suites that take minutes (each starts platforms or nested
 * runs) then started last, beside each other, and the run waited for them at the end. Listed here
 * by their time in a full run (docs/testing.md); every other suite keeps Jest's order after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

const SLOWEST_FIRST = [
  'test/e2e/checkout-crash.test.ts',
  'test/contract/domain-new.test.ts',
  'test/e2e/topology.test.ts',
  'test/security/memory.test.ts',
  'test/e2e/search.test.ts',
  'test/security/malformed.test.ts',
  'test/e2e/tenants.test.ts',
  'test/e2e/forms.test.ts',
];

class SlowestFirst extends Sequencer {
  sort(tests) {
    const rank = (t) => {
      const i = SLOWEST_FIRST.findIndex((s) => t.path.replace(/\\/g, '/').endsWith(s));
      return i < 0 ? SLOWEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the other suites keep the order Jest gave them
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowestFirst;
