import vm from 'node:vm';
import type { FieldError } from '@svc/kit';
import type { FormFieldDef } from '../entities/form.entity';
import { isCalendarDate } from '../inputs/form.input';

/** Default length bounds when a field sets none (a submission is never unbounded). */
const DEFAULT_MAX_LENGTH: Record<string, number> = { text: 1000, email: 254, textarea: 10_000 };
/** one address, nothing a mail header would read as a list or a display name (`,` `;` `<` `>` quotes, spaces) */
export const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A media asset id (media domain): `med_` + a ULID. Whether the asset exists is not checked yet. */
export const MEDIA_ID = /^med_[0-9A-HJKMNP-TV-Z]{26}$/;

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks a submission's values against the form's fields: every problem becomes one field error
 * (`data.<name>`), unknown fields included. Returns the values to store (numbers as numbers,
 * absent optional fields left out).
 */
export function checkSubmission(fields: FormFieldDef[], data: Record<string, unknown>): { values: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const err = (name: string, code: string, message: string) => errors.push({ field: `data.${name}`, code, message });
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(data)) if (!known.has(key)) err(key, 'unknown_field', `The form has no field "${key}"`);

  for (const f of fields) {
    const v = data[f.name];
    if (f.type === 'checkbox') {
      if (v !== undefined && v !== null && typeof v !== 'boolean') {
        err(f.name, 'invalid_type', `${f.label} must be true or false`);
        continue;
      }
      if (f.required && v !== true) {
        err(f.name, 'missing_field', `${f.label} must be checked`);
        continue;
      }
      if (typeof v === 'boolean') values[f.name] = v;
      continue;
    }
    if (absent(v)) {
      if (f.required) err(f.name, 'missing_field', `${f.label} is required`);
      continue;
    }
    switch (f.type) {
      case 'text':
      case 'textarea':
      case 'email': {
        if (typeof v !== 'string') {
          err(f.name, 'invalid_type', `${f.label} must be text`);
          break;
        }
        const len = [...v].length;
        const max = f.max_length ?? DEFAULT_MAX_LENGTH[f.type];
        if (f.min_length != null && len < f.min_length) err(f.name, 'too_short', `${f.label} must be at least ${f.min_length} characters`);
        else if (len > max) err(f.name, 'too_long', `${f.label} must be at most ${max} characters`);
        else if (f.type === 'email' && !EMAIL.test(v)) err(f.name, 'invalid_email', `${f.label} must be an email address`);
        else if (f.pattern && !matchesPattern(f.pattern, v)) err(f.name, 'pattern_mismatch', `${f.label} has the wrong format`);
        else values[f.name] = v;
        break;
      }
      case 'number': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim()) : NaN;
        if (!Number.isFinite(n)) err(f.name, 'invalid_type', `${f.label} must be a number`);
        else if (f.min != null && n < f.min) err(f.name, 'too_small', `${f.label} must be at least ${f.min}`);
        else if (f.max != null && n > f.max) err(f.name, 'too_large', `${f.label} must be at most ${f.max}`);
        else values[f.name] = n;
        break;
      }
      case 'select': {
        if (typeof v !== 'string') err(f.name, 'invalid_type', `${f.label} must be one of the options`);
        else if (!f.options?.some((o) => o.value === v))
          err(f.name, 'invalid_option', `${f.label} must be one of: ${(f.options ?? []).map((o) => o.value).join(', ')}`);
        else values[f.name] = v;
        break;
      }
      case 'date': {
        if (typeof v !== 'string' || !isCalendarDate(v)) err(f.name, 'invalid_date', `${f.label} must be a date written YYYY-MM-DD`);
        else if (f.min_date && v < f.min_date) err(f.name, 'date_out_of_range', `${f.label} must not be before ${f.min_date}`);
        else if (f.max_date && v > f.max_date) err(f.name, 'date_out_of_range', `${f.label} must not be after ${f.max_date}`);
        else values[f.name] = v;
        break;
      }
      case 'file': {
        if (typeof v !== 'string' || !MEDIA_ID.test(v)) err(f.name, 'invalid_media_id', `${f.label} must be the id of an uploaded file (med_…)`);
        else values[f.name] = v;
        break;
      }
    }
  }
  return { values, errors };
}

/** A value as a notification mail shows it. */
export function displayValue(f: FormFieldDef, v: unknown): string {
  if (v === undefined || v === null) return '-';
  if (f.type === 'checkbox') return v ? 'yes' : 'no';
  if (f.type === 'select') return f.options?.find((o) => o.value === v)?.label ?? String(v);
  return String(v);
}

/** how long one field's pattern may run against a shopper's input */
export const PATTERN_TIMEOUT_MS = 50;
const patternSandbox = vm.createContext({ pattern: '', value: '' });
const patternScript = new vm.Script('new RegExp("^(?:" + pattern + ")$", "u").test(value)');

/**
 * A field's pattern against a value, in a sandbox that stops it after 50 ms: an admin's pattern
 * that backtracks badly on some input (the save-time check is a heuristic) cannot hold the event
 * loop that every store shares. A pattern that runs out of time counts as a mismatch.
 *
 * The sandbox's clock is the wall clock, so on a busy machine a pattern that needs microseconds can
 * be stopped because its thread was not scheduled. A timeout is believed only when the process
 * really spent most of the budget on CPU meanwhile; otherwise the pattern runs again (twice at most).
 */
export function matchesPattern(pattern: string, value: string): boolean {
  patternSandbox.pattern = pattern;
  patternSandbox.value = value;
  try {
    for (let attempt = 0; ; attempt++) {
      const cpu = process.cpuUsage();
      try {
        return patternScript.runInContext(patternSandbox, { timeout: PATTERN_TIMEOUT_MS }) === true;
      } catch (err) {
        if ((err as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw err;
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000;
        if (cpuMs >= PATTERN_TIMEOUT_MS / 2 || attempt >= 2) return false;
      }
    }
  } finally {
    patternSandbox.value = '';
  }
}
