import type { ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useI18n } from './i18n';

/** A field of a form the admin defines: its key (`idField`), label, type, required flag and a select's options (text). */
interface FieldRowBase {
  label: string;
  type: string;
  required: boolean;
  options: string;
}

/**
 * The rows of a form definition's fields (the quote form's custom fields, a form of the forms
 * domain): key, label, type, the inputs `extra` adds, options (a select's only), required, remove;
 * "Add field" appends `blank`. `err` gives a field's problem by `<name><row>` (`key0`, `label0`, `options0`).
 */
export function FieldRows<F extends FieldRowBase>(props: {
  rows: F[];
  onChange: (rows: F[]) => void;
  idField: keyof F & string;
  idLabel: string;
  types: string[];
  optionsLabel: string;
  err: (field: string) => string | undefined;
  blank: () => F;
  extra?: (f: F, set: (patch: Partial<F>) => void) => ReactNode;
}) {
  const { t } = useI18n();
  const { rows, onChange, idField, err } = props;
  const setRow = (i: number, patch: Partial<F>) => onChange(rows.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <>
      {rows.map((f, i) => (
        <Group key={i} align="start" wrap="wrap" gap="xs">
          <TextInput
            w={130}
            label={props.idLabel}
            value={String(f[idField])}
            error={err(`${idField}${i}`)}
            onChange={(e) => setRow(i, { [idField]: e.currentTarget.value } as Partial<F>)}
          />
          <TextInput
            w={170}
            label={t('quoteSettings.label')}
            value={f.label}
            error={err(`label${i}`)}
            onChange={(e) => setRow(i, { label: e.currentTarget.value } as Partial<F>)}
          />
          <NativeSelect
            w={110}
            label={t('quoteSettings.type')}
            value={f.type}
            data={props.types}
            onChange={(e) => setRow(i, { type: e.currentTarget.value } as Partial<F>)}
          />
          {props.extra?.(f, (patch) => setRow(i, patch))}
          <TextInput
            w={180}
            label={props.optionsLabel}
            disabled={f.type !== 'select'}
            value={f.options}
            error={err(`options${i}`)}
            onChange={(e) => setRow(i, { options: e.currentTarget.value } as Partial<F>)}
          />
          <Checkbox
            mt={30}
            label={t('quoteSettings.required')}
            checked={f.required}
            onChange={(e) => setRow(i, { required: e.currentTarget.checked } as Partial<F>)}
          />
          <ActionIcon
            mt={26}
            variant="default"
            aria-label={t('quoteSettings.removeField', { key: String(f[idField]) || '–' })}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...rows, props.blank()])}>
          {t('quoteSettings.addField')}
        </Button>
      </Group>
    </>
  );
}
