import { ConfigError, loadConfig } from '@svc/kit';

/** EMBEDDED_PG_SETTINGS: extra `-c name=value` settings of the embedded PostgreSQL, checked at load. */
describe('EMBEDDED_PG_SETTINGS', () => {
  const load = (v?: string) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/svc-config-test', ...(v === undefined ? {} : { EMBEDDED_PG_SETTINGS: v }) });

  it('is empty by default and splits name=value pairs on white space', () => {
    expect(load().embeddedPgSettings).toEqual([]);
    expect(load('  ').embeddedPgSettings).toEqual([]);
    expect(load(' shared_preload_libraries=pg_stat_statements  pg_stat_statements.track_planning=on ').embeddedPgSettings).toEqual([
      'shared_preload_libraries=pg_stat_statements',
      'pg_stat_statements.track_planning=on',
    ]);
  });

  // each pair becomes one `-c` argument of the server's command line (no shell); PostgreSQL itself
  // refuses a name or value it does not know, at start
  it.each(['work_mem', 'work_mem=', '=4MB', 'work mem=4MB', 'a=b=c', '-c=1'])('refuses %j with a configuration error naming the setting', (v) => {
    expect(() => load(v)).toThrow(ConfigError);
    expect(() => load(v)).toThrow(/EMBEDDED_PG_SETTINGS/);
  });
});
