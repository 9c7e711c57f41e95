import { z } from 'zod';

/**
 * Settings owned by one domain: environment variables declared in its manifest (`settings` of
 * `defineDomain`), validated once at start, and handed to its services as `settings` in
 * `createServices({ orm, deps, settings })`. The platform checks every domain's settings before it
 * starts anything, so a bad value stops the start with a message naming the variable. Each variable
 * is a zod schema with `.describe()`: the settings table of docs/operations.md is generated from them
 * (`npm run docs:generate`), and docker-compose.yml passes them to the processes.
 */
export interface SettingsDefinition<C = unknown> {
  /** variable name -> schema of its value (a string from the environment; empty counts as unset) */
  variables: z.ZodObject;
  /** what the services get, from the validated values; throws ConfigError for rules across variables (or stricter in production) */
  resolve(values: Record<string, unknown>, where: SettingsScope): C;
}

/** What a domain's settings may depend on besides their own variables. */
export interface SettingsScope {
  /** NODE_ENV=production */
  production: boolean;
}

/** A yes/no variable: `true`/`false`, `1`/`0`, `yes`/`no`. */
export const envFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Declares a domain's settings: the variables and, optionally, the shape its services receive. */
export function defineSettings<Sh extends z.ZodRawShape, C = z.output<z.ZodObject<Sh>>>(
  variables: Sh,
  resolve?: (values: z.output<z.ZodObject<Sh>>, where: SettingsScope) => C,
): SettingsDefinition<C> {
  return {
    variables: z.object(variables),
    resolve: (values, where) => (resolve ? resolve(values as z.output<z.ZodObject<Sh>>, where) : (values as C)),
  };
}

/** Values of the environment that are set (an empty variable counts as unset: compose passes `${NAME:-}`). */
export const setVariables = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));

/** The issues of a failed parse, one line per variable. */
export const issueLines = (error: z.ZodError): string[] => error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);

/** Validates `owner`'s settings from the environment; a ConfigError names every bad variable. */
export function parseSettings<C>(owner: string, def: SettingsDefinition<C>, env: Record<string, string | undefined>): C {
  const set = setVariables(env);
  const values = Object.fromEntries(Object.keys(def.variables.shape).flatMap((k) => (k in set ? [[k, set[k]]] : [])));
  const parsed = def.variables.safeParse(values);
  if (!parsed.success) throw new ConfigError(`Invalid configuration of ${owner}:\n${issueLines(parsed.error).join('\n')}`);
  try {
    return def.resolve(parsed.data, { production: set.NODE_ENV === 'production' });
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError(`Invalid configuration of ${owner}: ${err.message}`);
    throw err;
  }
}

/** A setting that is missing or invalid; the message names the variable. */
export class ConfigError extends Error {}

/** One row of a settings table. */
export interface SettingRow {
  name: string;
  /** the default as text, `–` when there is none */
  default: string;
  description: string;
}

/** The default of a variable's schema (`.default()`), if it has one. */
function defaultOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  return undefined;
}

/** Rows for the docs, in declaration order, from the variables' schemas (`.describe()` and `.default()`). */
export function settingRows(variables: z.ZodObject): SettingRow[] {
  return Object.entries(variables.shape).map(([name, schema]) => {
    const description = (schema as z.ZodType).description;
    if (!description) throw new Error(`setting ${name} has no description (.describe())`);
    const d = defaultOf(schema as z.ZodType);
    return { name, default: d === undefined || d === '' ? '–' : String(d), description };
  });
}
