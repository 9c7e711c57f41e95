import type { FieldError } from '@svc/kit';
import type { QuoteFieldValue, QuoteFormField } from '../entities/quote.entity';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks a submission's custom fields against the store's quote form: every problem is one field
 * error (`fields.<key>`), unknown keys included. Answers the values to keep, in the form's order,
 * with the label they had.
 */
export function checkQuoteFields(form: QuoteFormField[], data: Record<string, unknown>): { values: QuoteFieldValue[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: QuoteFieldValue[] = [];
  const err = (key: string, code: string, message: string) => errors.push({ field: `fields.${key}`, code, message });
  const known = new Set(form.map((f) => f.key));
  for (const key of Object.keys(data)) if (!known.has(key)) err(key, 'unknown_field', `The quote form has no field "${key}"`);
  for (const f of form) {
    const v = data[f.key];
    if (absent(v)) {
      if (f.required) err(f.key, 'missing_field', `${f.label} is required`);
      continue;
    }
    const keep = (value: QuoteFieldValue['value']) => values.push({ key: f.key, label: f.label, type: f.type, value });
    switch (f.type) {
      case 'text':
        if (typeof v !== 'string') err(f.key, 'invalid_type', `${f.label} must be text`);
        else keep(v);
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) err(f.key, 'invalid_type', `${f.label} must be a number`);
        else keep(v);
        break;
      case 'select':
        if (typeof v !== 'string' || !f.options.includes(v)) err(f.key, 'invalid_option', `${f.label} must be one of ${f.options.join(', ')}`);
        else keep(v);
        break;
      case 'date':
        if (typeof v !== 'string' || !isCalendarDate(v)) err(f.key, 'invalid_date', `${f.label} must be a date YYYY-MM-DD`);
        else keep(v);
        break;
      case 'boolean':
        if (typeof v !== 'boolean') err(f.key, 'invalid_type', `${f.label} must be true or false`);
        else if (f.required && !v) err(f.key, 'missing_field', `${f.label} must be checked`);
        else keep(v);
        break;
    }
  }
  return { values, errors };
}
