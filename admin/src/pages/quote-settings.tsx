import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, type CombinedError } from 'urql';
import {
  ConsoleDeleteQuoteLocationDocument,
  ConsoleQuoteSettingsDocument,
  ConsoleSaveQuoteLocationDocument,
  ConsoleSaveQuoteServiceDocument,
  ConsoleSaveQuoteSettingsDocument,
  type ConsoleQuoteServiceFragment,
  type ConsoleQuoteSettingsQuery,
} from '../graphql/generated';
import { FieldRows } from '../field-rows';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, FormButtons, ListTable, Loading, NameCell, PageHeader, RowActions, SavedNote, Section, type Draft, useDraft } from '../ui';

const FIELD_TYPES = ['text', 'number', 'select', 'date', 'boolean'];
const DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;

interface FieldRow {
  key: string;
  label: string;
  type: string;
  required: boolean;
  options: string;
}

/** Currency, validity, notification address and the quote form's custom fields. */
function SettingsForm({ settings, onSaved }: { settings: ConsoleQuoteSettingsQuery['quoteSettings']; onSaved: () => void }) {
  const { t } = useI18n();
  const { d, set, err, onSubmit } = useDraft(
    () => ({
      currency: settings.currency_code,
      validity: String(settings.validity_days),
      email: settings.notification_email ?? '',
      fields: settings.form_fields.map((f): FieldRow => ({ ...f, options: f.options.join(', ') })),
    }),
    (d) => {
      const wrong: Record<string, MessageKey> = {};
      if (!/^[a-z]{3}$/.test(d.currency)) wrong.currency = 'plans.badCurrency';
      if (!/^\d{1,3}$/.test(d.validity) || +d.validity < 1 || +d.validity > 365) wrong.validity = 'quoteSettings.badValidity';
      d.fields.forEach((f, i) => {
        if (!/^[a-z][a-z0-9_]{0,39}$/.test(f.key) || d.fields.findIndex((g) => g.key === f.key) !== i) wrong[`key${i}`] = 'quoteSettings.badKey';
        if (!f.label.trim()) wrong[`label${i}`] = 'quoteSettings.labelRequired';
        if (f.type === 'select' && !f.options.trim()) wrong[`options${i}`] = 'quoteSettings.optionsRequired';
      });
      return wrong;
    },
  );
  const [saved, save] = useMutation(ConsoleSaveQuoteSettingsDocument);
  const [done, setDone] = useState(false);
  const options = (text: string) =>
    text
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  const submit = () => {
    const input = {
      currency_code: d.currency,
      validity_days: +d.validity,
      notification_email: d.email.trim() || null,
      form_fields: d.fields.map((f) => ({
        key: f.key,
        label: f.label.trim(),
        type: f.type,
        required: f.required,
        options: f.type === 'select' ? options(f.options) : [],
      })),
    };
    void save({ input }).then((r) => {
      setDone(!r.error);
      if (!r.error) onSaved();
    });
  };
  return (
    <Section title={t('quoteSettings.general')}>
      <form
        noValidate
        onSubmit={(e) => {
          setDone(false);
          onSubmit(submit)(e);
        }}
      >
        <Stack>
          <ErrorNote error={saved.error} />
          <Group grow align="start">
            <TextInput
              label={t('product.currency')}
              maxLength={3}
              value={d.currency}
              error={err('currency')}
              onChange={(e) => set({ currency: e.currentTarget.value.toLowerCase() })}
            />
            <TextInput
              label={t('quoteSettings.validityDays')}
              inputMode="numeric"
              value={d.validity}
              error={err('validity')}
              onChange={(e) => set({ validity: e.currentTarget.value })}
            />
          </Group>
          <TextInput label={t('quoteSettings.notificationEmail')} type="email" value={d.email} onChange={(e) => set({ email: e.currentTarget.value })} />
          <Text fw={500} size="sm">
            {t('quoteSettings.formFields')}
          </Text>
          <FieldRows
            rows={d.fields}
            onChange={(fields) => set({ fields })}
            idField="key"
            idLabel={t('quoteSettings.key')}
            types={FIELD_TYPES}
            optionsLabel={t('quoteSettings.options')}
            err={err}
            blank={() => ({ key: '', label: '', type: 'text', required: false, options: '' })}
          />
          <Group>
            <Button type="submit" loading={saved.fetching}>
              {t('common.save')}
            </Button>
            <SavedNote shown={done} />
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

const HANDLE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The form of a service or a location: its handle (fixed once saved) and name, the fields `children` adds, Create or Save. */
function HandleForm<D extends { handle: string; name: string }>(props: {
  title: string;
  editing: boolean;
  draft: Draft<D>;
  saved: { fetching: boolean; error?: CombinedError };
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { d, set, err } = props.draft;
  return (
    <form noValidate aria-label={props.title} onSubmit={props.draft.onSubmit(props.onSave)}>
      <Stack mt="md">
        <Text fw={600}>{props.title}</Text>
        <ErrorNote error={props.saved.error} />
        <Group grow align="start">
          <TextInput
            label={t('common.handle')}
            disabled={props.editing}
            value={d.handle}
            error={err('handle')}
            onChange={(e) => set({ handle: e.currentTarget.value } as Partial<D>)}
          />
          <TextInput label={t('catalogue.name')} value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value } as Partial<D>)} />
        </Group>
        {props.children}
        <FormButtons editing={props.editing} busy={props.saved.fetching} onCancel={props.onCancel} />
      </Stack>
    </form>
  );
}

/** what is wrong with a handle and a name */
const named = (d: { handle: string; name: string }): Record<string, MessageKey> => ({
  ...(HANDLE.test(d.handle) ? {} : { handle: 'quoteSettings.badHandle' }),
  ...(d.name.trim() ? {} : { name: 'plans.nameRequired' }),
});

/** Creates a quotable service (`service` null) or changes one (by its handle). */
function ServiceForm({ service, onDone }: { service: ConsoleQuoteServiceFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft(
    () => ({
      handle: service?.handle ?? '',
      name: service?.name ?? '',
      description: service?.description ?? '',
      unit: service?.unit ?? 'hour',
      rate: service ? String(service.base_rate) : '',
      active: service?.active ?? true,
    }),
    (d) => ({
      ...named(d),
      ...(d.unit.trim() ? {} : { unit: 'quoteSettings.unitRequired' }),
      ...(DECIMAL.test(d.rate.trim()) ? {} : { rate: 'plans.badAmount' }),
    }),
  );
  const { d, set, err } = draft;
  const [saved, save] = useMutation(ConsoleSaveQuoteServiceDocument);
  const input = {
    handle: d.handle,
    name: d.name.trim(),
    description: d.description.trim() || null,
    unit: d.unit.trim(),
    base_rate: Number(d.rate),
    active: d.active,
  };
  return (
    <HandleForm
      title={service ? t('quoteSettings.editService', { name: service.name }) : t('quoteSettings.newService')}
      editing={!!service}
      draft={draft}
      saved={saved}
      onSave={() => void save({ input }).then((r) => !r.error && onDone())}
      onCancel={onDone}
    >
      <Textarea label={t('product.description')} autosize minRows={2} value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
      <Group grow align="start">
        <TextInput label={t('quoteSettings.unit')} value={d.unit} error={err('unit')} onChange={(e) => set({ unit: e.currentTarget.value })} />
        <TextInput label={t('quote.baseRate')} inputMode="decimal" value={d.rate} error={err('rate')} onChange={(e) => set({ rate: e.currentTarget.value })} />
      </Group>
      <Checkbox label={t('plans.active')} checked={d.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
    </HandleForm>
  );
}

interface LocationDraft {
  handle: string;
  name: string;
  modifier: string;
}

/** Creates an ISG location (`location` null) or changes one (by its handle). */
function LocationForm({ location, onDone }: { location: LocationDraft | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<LocationDraft>(
    () => location ?? { handle: '', name: '', modifier: '1' },
    (d) => ({ ...named(d), ...(DECIMAL.test(d.modifier.trim()) && Number(d.modifier) > 0 ? {} : { modifier: 'quoteSettings.badModifier' }) }),
  );
  const { d, set, err } = draft;
  const [saved, save] = useMutation(ConsoleSaveQuoteLocationDocument);
  return (
    <HandleForm
      title={location ? t('quoteSettings.editLocation', { name: location.name }) : t('quoteSettings.newLocation')}
      editing={!!location}
      draft={draft}
      saved={saved}
      onSave={() => void save({ input: { handle: d.handle, name: d.name.trim(), modifier: Number(d.modifier) } }).then((r) => !r.error && onDone())}
      onCancel={onDone}
    >
      <TextInput
        label={t('quoteSettings.modifier')}
        description={t('quoteSettings.modifierHint')}
        inputMode="decimal"
        value={d.modifier}
        error={err('modifier')}
        onChange={(e) => set({ modifier: e.currentTarget.value })}
      />
    </HandleForm>
  );
}

/** Below a list: the form of the entry being edited or of a new one, else the button that starts a new one. */
function Editing<T>(props: { editing: T | 'new' | null; addLabel: string; onAdd: () => void; children: (entry: T | null) => ReactNode }) {
  if (props.editing) return <>{props.children(props.editing === 'new' ? null : props.editing)}</>;
  return (
    <Button mt="md" variant="default" onClick={props.onAdd}>
      {props.addLabel}
    </Button>
  );
}

/** The quote configuration: settings and form, quotable services, ISG locations. */
export default function QuoteSettings() {
  const { t, money } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleQuoteSettingsDocument });
  const [service, setService] = useState<ConsoleQuoteServiceFragment | 'new' | null>(null);
  const [location, setLocation] = useState<LocationDraft | 'new' | null>(null);
  const [deleted, remove] = useMutation(ConsoleDeleteQuoteLocationDocument);
  const reread = () => refetch({ requestPolicy: 'network-only' });
  /** a form's end: closed, the configuration read again */
  const closed = (close: (none: null) => void) => () => {
    close(null);
    reread();
  };
  const currency = data?.quoteSettings.currency_code ?? 'eur';
  return (
    <>
      <PageHeader title={t('quoteSettings.title')} />
      <Loading fetching={fetching} error={error}>
        {data && (
          <Stack gap="lg">
            <SettingsForm settings={data.quoteSettings} onSaved={reread} />
            <Section title={t('quoteSettings.services')}>
              <ListTable
                headers={[t('catalogue.name'), t('quoteSettings.unit'), t('quote.baseRate'), t('common.status'), t('common.actions')]}
                count={data.adminQuoteServices.length}
              >
                {data.adminQuoteServices.map((s) => (
                  <Table.Tr key={s.id}>
                    <NameCell name={s.name} sub={`${s.handle}${s.description ? ` · ${s.description}` : ''}`} />
                    <Table.Td>{s.unit}</Table.Td>
                    <Table.Td>{money(s.base_rate, currency)}</Table.Td>
                    <Table.Td>{s.active ? t('plans.active') : t('quoteSettings.inactive')}</Table.Td>
                    <Table.Td>
                      <RowActions edit={{ label: `${t('plans.editButton')} ${s.name}`, onClick: () => setService(s) }} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <Editing editing={service} addLabel={t('quoteSettings.newService')} onAdd={() => setService('new')}>
                {(x) => <ServiceForm key={x?.id ?? 'new'} service={x} onDone={closed(setService)} />}
              </Editing>
            </Section>
            <Section title={t('quoteSettings.locations')}>
              <ErrorNote error={deleted.error} />
              <ListTable headers={[t('catalogue.name'), t('quoteSettings.modifier'), t('common.actions')]} count={data.isgConfig.locations.length}>
                {data.isgConfig.locations.map((l) => (
                  <Table.Tr key={l.id}>
                    <NameCell name={l.name} sub={l.handle} />
                    <Table.Td>× {l.modifier}</Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={{
                          label: `${t('plans.editButton')} ${l.name}`,
                          onClick: () => setLocation({ handle: l.handle, name: l.name, modifier: String(l.modifier) }),
                        }}
                        remove={{
                          label: `${t('common.delete')} ${l.name}`,
                          question: t('quoteSettings.deleteLocationConfirm', { name: l.name }),
                          onConfirm: () => void remove({ handle: l.handle }).then(reread),
                          disabled: deleted.fetching,
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <Editing editing={location} addLabel={t('quoteSettings.newLocation')} onAdd={() => setLocation('new')}>
                {(x) => <LocationForm key={x?.handle ?? 'new'} location={x} onDone={closed(setLocation)} />}
              </Editing>
            </Section>
          </Stack>
        )}
      </Loading>
    </>
  );
}
