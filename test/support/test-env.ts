/**
 * Settings every test platform gets, in the test's process or a child process (this module loads
 * no platform code). A password hash at scrypt's production cost is about 65 ms of one core here,
 * and the suites hash a few hundred times (every tenant's admin, every customer, every sign-in):
 * tests hash at the lowest cost identity accepts (`PASSWORD_HASH_COST`, refused below 16384 in
 * production). Hashing itself is the same code at any cost. The assistant's intent classifier is
 * trained by the first request that needs it, not at every start (`ASSISTANT_WARM_AT_START`): most
 * test platforms never ask the assistant, and training is about a second of CPU.
 */
export const TEST_SETTINGS = { PASSWORD_HASH_COST: '1024', ASSISTANT_WARM_AT_START: 'false' } as const;
