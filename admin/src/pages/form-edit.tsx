import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import {
  ConsoleActivateFormDocument,
  ConsoleCreateFormDocument,
  ConsoleDeactivateFormDocument,
  ConsoleDeleteFormDocument,
  ConsoleFormDocument,
  ConsoleFormSubmissionsDocument,
  ConsoleUpdateFormDocument,
  type ConsoleFormFragment,
} from '../graphql/generated';
import { FieldRows } from '../field-rows';
import { useI18n, type MessageKey } from '../i18n';
import { navigate } from '../router';
import { ErrorNote, ListTable, Loading, PageHeader, SavedNote, Section, StatusBadge, useDraft } from '../ui';

const FIELD_TYPES = ['text', 'email', 'number', 'select', 'checkbox', 'textarea', 'date', 'file'];
const SUBMISSIONS = 20;

type SavedField = ConsoleFormFragment['fields'][number];

interface FieldRow {
  name: string;
  label: string;
  type: string;
  required: boolean;
  placeholder: string;
  help_text: string;
  /** a select's options: `value=Label` (or just the value) separated by commas */
  options: string;
  /** the field as saved: its other rules (lengths, bounds, pattern) are kept while its type stays */
  saved?: SavedField;
}

const optionsText = (f: SavedField) => (f.options ?? []).map((o) => (o.label === o.value ? o.value : `${o.value}=${o.label}`)).join(', ');
const parseOptions = (text: string) =>
  text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const at = o.indexOf('=');
      return at < 0 ? { value: o, label: o } : { value: o.slice(0, at).trim(), label: o.slice(at + 1).trim() };
    });

/** The field as the API takes it: the rules of its saved version kept when the type did not change. */
function fieldInput(f: FieldRow) {
  const kept = f.saved && f.saved.type === f.type ? f.saved : null;
  return {
    name: f.name,
    label: f.label.trim(),
    type: f.type,
    required: f.required,
    placeholder: f.placeholder.trim() || null,
    help_text: f.help_text.trim() || null,
    options: f.type === 'select' ? parseOptions(f.options) : null,
    min: kept?.min ?? null,
    max: kept?.max ?? null,
    min_length: kept?.min_length ?? null,
    max_length: kept?.max_length ?? null,
    min_date: kept?.min_date ?? null,
    max_date: kept?.max_date ?? null,
    pattern: kept?.pattern ?? null,
  };
}

/** A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula starts with '. */
function csvCell(v: unknown): string {
  let s = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The submissions as CSV: received, id, then a column per field of the form and per other key found in the data. */
function submissionsCsv(fields: string[], rows: { id: string; created_at: string; data: Record<string, unknown> }[]): string {
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r.data)))].filter((k) => !fields.includes(k));
  const columns = [...fields, ...extra];
  const lines = [['submitted_at', 'id', ...columns].map(csvCell).join(',')];
  for (const r of rows) lines.push([r.created_at, r.id, ...columns.map((c) => r.data[c])].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The form's title, slug, texts, notification recipients, popup flag and fields; Create or Save. */
function FormEditor({ form, onSaved }: { form: ConsoleFormFragment | null; onSaved: (id: string) => void }) {
  const { t } = useI18n();
  const { d, set, err, onSubmit } = useDraft(
    () => ({
      title: form?.title ?? '',
      slug: form?.slug ?? '',
      description: form?.description ?? '',
      success_message: form?.success_message ?? '',
      success_redirect: form?.success_redirect ?? '',
      recipients: form?.notification_recipients.join(', ') ?? '',
      is_popup: form?.is_popup ?? false,
      fields: (form?.fields ?? []).map((f): FieldRow => ({
        name: f.name,
        label: f.label,
        type: f.type,
        required: f.required,
        placeholder: f.placeholder ?? '',
        help_text: f.help_text ?? '',
        options: optionsText(f),
        saved: f,
      })),
    }),
    (d) => {
      const wrong: Record<string, MessageKey> = {};
      if (!d.title.trim()) wrong.title = 'forms.titleRequired';
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(d.slug)) wrong.slug = 'forms.badSlug';
      if (!d.fields.length) wrong.fields = 'forms.fieldsRequired';
      d.fields.forEach((f, i) => {
        if (!/^[a-z][a-z0-9_]{0,49}$/.test(f.name) || d.fields.findIndex((g) => g.name === f.name) !== i) wrong[`name${i}`] = 'forms.badName';
        if (!f.label.trim()) wrong[`label${i}`] = 'quoteSettings.labelRequired';
        if (f.type === 'select' && !parseOptions(f.options).length) wrong[`options${i}`] = 'quoteSettings.optionsRequired';
      });
      return wrong;
    },
  );
  const [created, create] = useMutation(ConsoleCreateFormDocument);
  const [updated, update] = useMutation(ConsoleUpdateFormDocument);
  const [done, setDone] = useState(false);
  const submit = () => {
    const input = {
      title: d.title.trim(),
      slug: d.slug,
      description: d.description.trim() || null,
      success_message: d.success_message.trim() || null,
      success_redirect: d.success_redirect.trim() || null,
      notification_recipients: d.recipients
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      is_popup: d.is_popup,
      fields: d.fields.map(fieldInput),
    };
    if (!form)
      void create({ input }).then((r) => {
        if (r.data) onSaved(r.data.createForm.id);
      });
    else
      void update({ id: form.id, input }).then((r) => {
        setDone(!r.error);
        if (r.data) onSaved(form.id);
      });
  };
  return (
    <form
      noValidate
      aria-label={t('forms.form')}
      onSubmit={(e) => {
        setDone(false);
        onSubmit(submit)(e);
      }}
    >
      <Stack>
        <ErrorNote error={created.error ?? updated.error} />
        <Group grow align="start">
          <TextInput label={t('common.title')} required value={d.title} error={err('title')} onChange={(e) => set({ title: e.currentTarget.value })} />
          <TextInput label={t('pages.slug')} required value={d.slug} error={err('slug')} onChange={(e) => set({ slug: e.currentTarget.value })} />
        </Group>
        <Textarea label={t('product.description')} autosize value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
        <Group grow align="start">
          <TextInput label={t('forms.successMessage')} value={d.success_message} onChange={(e) => set({ success_message: e.currentTarget.value })} />
          <TextInput
            label={t('forms.successRedirect')}
            placeholder="/thank-you"
            value={d.success_redirect}
            onChange={(e) => set({ success_redirect: e.currentTarget.value })}
          />
        </Group>
        <TextInput label={t('forms.recipients')} value={d.recipients} onChange={(e) => set({ recipients: e.currentTarget.value })} />
        <Checkbox label={t('forms.isPopup')} checked={d.is_popup} onChange={(e) => set({ is_popup: e.currentTarget.checked })} />
        <Text fw={500} size="sm">
          {t('forms.fields')}
        </Text>
        {err('fields') && (
          <Text c="red.8" size="sm">
            {err('fields')}
          </Text>
        )}
        <FieldRows
          rows={d.fields}
          onChange={(fields) => set({ fields })}
          idField="name"
          idLabel={t('forms.name')}
          types={FIELD_TYPES}
          optionsLabel={t('forms.options')}
          err={err}
          blank={() => ({ name: '', label: '', type: 'text', required: false, placeholder: '', help_text: '', options: '' })}
          extra={(f, setField) => (
            <>
              <TextInput w={140} label={t('forms.placeholder')} value={f.placeholder} onChange={(e) => setField({ placeholder: e.currentTarget.value })} />
              <TextInput w={160} label={t('forms.helpText')} value={f.help_text} onChange={(e) => setField({ help_text: e.currentTarget.value })} />
            </>
          )}
        />
        <Group>
          <Button type="submit" loading={created.fetching || updated.fetching}>
            {form ? t('common.save') : t('common.create')}
          </Button>
          <SavedNote shown={done} />
        </Group>
      </Stack>
    </form>
  );
}

/** A form's submissions, newest first, a page at a time; Download CSV reads every page and builds the file here. */
function Submissions({ form }: { form: ConsoleFormFragment }) {
  const { t, date } = useI18n();
  const client = useClient();
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }, reload] = useQuery({
    query: ConsoleFormSubmissionsDocument,
    variables: { formId: form.id, limit: SUBMISSIONS, offset: (pageNo - 1) * SUBMISSIONS },
    requestPolicy: 'cache-and-network',
  });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const names = form.fields.map((f) => f.name);
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const rows: { id: string; created_at: string; data: Record<string, unknown> }[] = [];
      for (let offset = 0; ; offset += 100) {
        const r = await client.query(ConsoleFormSubmissionsDocument, { formId: form.id, limit: 100, offset }, { requestPolicy: 'network-only' }).toPromise();
        if (r.error) throw r.error;
        const list = r.data!.formSubmissions;
        rows.push(...list.items.map((s) => ({ id: s.id, created_at: s.created_at, data: (s.data ?? {}) as Record<string, unknown> })));
        if (!list.items.length || rows.length >= list.count) break;
      }
      const url = URL.createObjectURL(new Blob(['\uFEFF', submissionsCsv(names, rows)], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${form.slug}-submissions.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setFailed(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const list = data?.formSubmissions;
  const shown = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return (
    <Section title={t('forms.submissions')}>
      <Group mb="sm">
        <Button variant="default" loading={busy} disabled={!list?.count} onClick={() => void download()}>
          {t('forms.downloadCsv')}
        </Button>
        <Button variant="subtle" onClick={() => reload({ requestPolicy: 'network-only' })}>
          {t('forms.refresh')}
        </Button>
        {list && <Text size="sm">{t('forms.submissionCount', { count: String(list.count) })}</Text>}
      </Group>
      <ErrorNote error={failed} />
      <Loading fetching={fetching} error={error}>
        {list && (
          <Table.ScrollContainer minWidth={500}>
            <ListTable
              headers={[t('forms.received'), ...form.fields.map((f) => f.label)]}
              count={list.count}
              paging={{ page: pageNo, pageSize: SUBMISSIONS, onPage: setPage }}
            >
              {list.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{date(s.created_at)}</Table.Td>
                  {names.map((n) => (
                    <Table.Td key={n} style={{ overflowWrap: 'anywhere' }}>
                      {shown((s.data as Record<string, unknown> | null)?.[n])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </ListTable>
          </Table.ScrollContainer>
        )}
      </Loading>
    </Section>
  );
}

/** A form (`id`, or a new one): its settings and fields, activate / deactivate, delete, and its submissions. */
export default function FormEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, fetching, error }, reload] = useQuery({ query: ConsoleFormDocument, variables: { id: id ?? '' }, pause: !id });
  const [activated, activate] = useMutation(ConsoleActivateFormDocument);
  const [deactivated, deactivate] = useMutation(ConsoleDeactivateFormDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteFormDocument);
  const form = data?.adminForm ?? null;
  // the status the last answer gave (activate, deactivate), else the form's
  const [moved, setMoved] = useState<string | null>(null);
  const status = moved ?? form?.status;
  const del = async () => {
    if (!form || !window.confirm(t('forms.deleteConfirm', { title: form.title }))) return;
    const r = await remove({ id: form.id });
    if (!r.error) navigate('/forms');
  };
  if (id && !form)
    return (
      <Loading fetching={fetching} error={error}>
        {null}
      </Loading>
    );
  return (
    <>
      <PageHeader title={form ? t('forms.title', { title: form.title }) : t('forms.new')}>
        {status && <StatusBadge status={status} />}
        {form && status !== 'active' && (
          <Button
            variant="default"
            loading={activated.fetching}
            onClick={() => void activate({ id: form.id }).then((r) => r.data && setMoved(r.data.activateForm.status))}
          >
            {t('forms.activate')}
          </Button>
        )}
        {form && status === 'active' && (
          <Button
            variant="default"
            loading={deactivated.fetching}
            onClick={() => void deactivate({ id: form.id }).then((r) => r.data && setMoved(r.data.deactivateForm.status))}
          >
            {t('forms.deactivate')}
          </Button>
        )}
        {form && (
          <Button variant="default" color="red" loading={deleted.fetching} onClick={() => void del()}>
            {t('common.delete')}
          </Button>
        )}
      </PageHeader>
      <ErrorNote error={activated.error ?? deactivated.error ?? deleted.error} />
      <Stack>
        <Section title={t('forms.form')}>
          <FormEditor
            key={form?.id ?? 'new'}
            form={form}
            onSaved={(saved) => (form ? reload({ requestPolicy: 'network-only' }) : navigate(`/forms/${saved}`))}
          />
        </Section>
        {form && <Submissions form={form} />}
      </Stack>
    </>
  );
}
