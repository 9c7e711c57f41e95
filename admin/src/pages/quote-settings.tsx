import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleDeleteQuoteLocationDocument,
  ConsoleQuoteSettingsDocument,
  ConsoleSaveQuoteLocationDocument,
  ConsoleSaveQuoteServiceDocument,
  ConsoleSaveQuoteSettingsDocument,
  type ConsoleQuoteServiceFragment,
  type ConsoleQuoteSettingsQuery,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, ListTable, Loading, PageHeader, Section } from '../ui';

const FIELD_TYPES = ['text', 'number', 'select', 'date', 'boolean'];
const DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;

interface FieldRow {
  key: string;
  label: string;
  type: string;
  required: boolean;
  options: string;
}

/** A saved note next to a form's button. */
function Saved({ shown }: { shown: boolean }) {
  const { t } = useI18n();
  return shown ? (
    <Text role="status" c="green.9">
      {t('common.saved')}
    </Text>
  ) : null;
}

/** Currency, validity, notification address and the quote form's custom fields. */
function SettingsForm({ settings, onSaved }: { settings: ConsoleQuoteSettingsQuery['quoteSettings']; onSaved: () => void }) {
  const { t } = useI18n();
  const [currency, setCurrency] = useState(settings.currency_code);
  const [validity, setValidity] = useState(String(settings.validity_days));
  const [email, setEmail] = useState(settings.notification_email ?? '');
  const [fields, setFields] = useState<FieldRow[]>(() => settings.form_fields.map((f) => ({ ...f, options: f.options.join(', ') })));
  const [saved, save] = useMutation(ConsoleSaveQuoteSettingsDocument);
  const [done, setDone] = useState(false);
  const [tried, setTried] = useState(false);
  const wrong: Record<string, MessageKey> = {};
  if (!/^[a-z]{3}$/.test(currency)) wrong.currency = 'plans.badCurrency';
  if (!/^\d{1,3}$/.test(validity) || +validity < 1 || +validity > 365) wrong.validity = 'quoteSettings.badValidity';
  fields.forEach((f, i) => {
    if (!/^[a-z][a-z0-9_]{0,39}$/.test(f.key) || fields.findIndex((g) => g.key === f.key) !== i) wrong[`key${i}`] = 'quoteSettings.badKey';
    if (!f.label.trim()) wrong[`label${i}`] = 'quoteSettings.labelRequired';
    if (f.type === 'select' && !f.options.trim()) wrong[`options${i}`] = 'quoteSettings.optionsRequired';
  });
  const err = (k: string) => (tried && wrong[k] ? t(wrong[k]) : undefined);
  const setField = (i: number, patch: Partial<FieldRow>) => setFields((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Section title={t('quoteSettings.general')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          setDone(false);
          if (Object.keys(wrong).length) return;
          const input = {
            currency_code: currency,
            validity_days: +validity,
            notification_email: email.trim() || null,
            form_fields: fields.map((f) => ({
              key: f.key,
              label: f.label.trim(),
              type: f.type,
              required: f.required,
              options: f.type === 'select' ? f.options.split(',').map((o) => o.trim()).filter(Boolean) : [],
            })),
          };
          void save({ input }).then((r) => {
            setDone(!r.error);
            if (!r.error) onSaved();
          });
        }}
      >
        <Stack>
          <ErrorNote error={saved.error} />
          <Group grow align="start">
            <TextInput label={t('product.currency')} maxLength={3} value={currency} error={err('currency')} onChange={(e) => setCurrency(e.currentTarget.value.toLowerCase())} />
            <TextInput label={t('quoteSettings.validityDays')} inputMode="numeric" value={validity} error={err('validity')} onChange={(e) => setValidity(e.currentTarget.value)} />
          </Group>
          <TextInput label={t('quoteSettings.notificationEmail')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Text fw={500} size="sm">
            {t('quoteSettings.formFields')}
          </Text>
          {fields.map((f, i) => (
            <Group key={i} align="start" wrap="wrap" gap="xs">
              <TextInput w={130} label={t('quoteSettings.key')} value={f.key} error={err(`key${i}`)} onChange={(e) => setField(i, { key: e.currentTarget.value })} />
              <TextInput w={170} label={t('quoteSettings.label')} value={f.label} error={err(`label${i}`)} onChange={(e) => setField(i, { label: e.currentTarget.value })} />
              <NativeSelect w={110} label={t('quoteSettings.type')} value={f.type} data={FIELD_TYPES} onChange={(e) => setField(i, { type: e.currentTarget.value })} />
              <TextInput
                w={170}
                label={t('quoteSettings.options')}
                disabled={f.type !== 'select'}
                value={f.options}
                error={err(`options${i}`)}
                onChange={(e) => setField(i, { options: e.currentTarget.value })}
              />
              <Checkbox mt={30} label={t('quoteSettings.required')} checked={f.required} onChange={(e) => setField(i, { required: e.currentTarget.checked })} />
              <ActionIcon
                mt={26}
                variant="default"
                aria-label={t('quoteSettings.removeField', { key: f.key || '–' })}
                onClick={() => setFields((fs) => fs.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="default" size="xs" onClick={() => setFields((fs) => [...fs, { key: '', label: '', type: 'text', required: false, options: '' }])}>
              {t('quoteSettings.addField')}
            </Button>
          </Group>
          <Group>
            <Button type="submit" loading={saved.fetching}>
              {t('common.save')}
            </Button>
            <Saved shown={done} />
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

interface ServiceDraft {
  handle: string;
  name: string;
  description: string;
  unit: string;
  rate: string;
  active: boolean;
}

/** Creates a quotable service (`service` null) or changes one (by its handle). */
function ServiceForm({ service, onDone }: { service: ConsoleQuoteServiceFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const [d, setD] = useState<ServiceDraft>(() =>
    service
      ? { handle: service.handle, name: service.name, description: service.description ?? '', unit: service.unit, rate: String(service.base_rate), active: service.active }
      : { handle: '', name: '', description: '', unit: 'hour', rate: '', active: true },
  );
  const [saved, save] = useMutation(ConsoleSaveQuoteServiceDocument);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<ServiceDraft>) => setD((x) => ({ ...x, ...patch }));
  const wrong: Record<string, MessageKey> = {};
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(d.handle)) wrong.handle = 'quoteSettings.badHandle';
  if (!d.name.trim()) wrong.name = 'plans.nameRequired';
  if (!d.unit.trim()) wrong.unit = 'quoteSettings.unitRequired';
  if (!DECIMAL.test(d.rate.trim())) wrong.rate = 'plans.badAmount';
  const err = (k: string) => (tried && wrong[k] ? t(wrong[k]) : undefined);
  const title = service ? t('quoteSettings.editService', { name: service.name }) : t('quoteSettings.newService');
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(wrong).length) return;
        const input = { handle: d.handle, name: d.name.trim(), description: d.description.trim() || null, unit: d.unit.trim(), base_rate: Number(d.rate), active: d.active };
        void save({ input }).then((r) => !r.error && onDone());
      }}
    >
      <Stack mt="md">
        <Text fw={600}>{title}</Text>
        <ErrorNote error={saved.error} />
        <Group grow align="start">
          <TextInput label={t('common.handle')} disabled={!!service} value={d.handle} error={err('handle')} onChange={(e) => set({ handle: e.currentTarget.value })} />
          <TextInput label={t('catalogue.name')} value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
        </Group>
        <Textarea label={t('product.description')} autosize minRows={2} value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
        <Group grow align="start">
          <TextInput label={t('quoteSettings.unit')} value={d.unit} error={err('unit')} onChange={(e) => set({ unit: e.currentTarget.value })} />
          <TextInput label={t('quote.baseRate')} inputMode="decimal" value={d.rate} error={err('rate')} onChange={(e) => set({ rate: e.currentTarget.value })} />
        </Group>
        <Checkbox label={t('plans.active')} checked={d.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
        <Group>
          <Button type="submit" loading={saved.fetching}>
            {service ? t('common.save') : t('common.create')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const [d, setD] = useState<LocationDraft>(() => location ?? { handle: '', name: '', modifier: '1' });
  const [saved, save] = useMutation(ConsoleSaveQuoteLocationDocument);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<LocationDraft>) => setD((x) => ({ ...x, ...patch }));
  const wrong: Record<string, MessageKey> = {};
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(d.handle)) wrong.handle = 'quoteSettings.badHandle';
  if (!d.name.trim()) wrong.name = 'plans.nameRequired';
  if (!DECIMAL.test(d.modifier.trim()) || Number(d.modifier) <= 0) wrong.modifier = 'quoteSettings.badModifier';
  const err = (k: string) => (tried && wrong[k] ? t(wrong[k]) : undefined);
  const title = location ? t('quoteSettings.editLocation', { name: location.name }) : t('quoteSettings.newLocation');
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(wrong).length) return;
        void save({ input: { handle: d.handle, name: d.name.trim(), modifier: Number(d.modifier) } }).then((r) => !r.error && onDone());
      }}
    >
      <Stack mt="md">
        <Text fw={600}>{title}</Text>
        <ErrorNote error={saved.error} />
        <Group grow align="start">
          <TextInput label={t('common.handle')} disabled={!!location} value={d.handle} error={err('handle')} onChange={(e) => set({ handle: e.currentTarget.value })} />
          <TextInput label={t('catalogue.name')} value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
          <TextInput
            label={t('quoteSettings.modifier')}
            description={t('quoteSettings.modifierHint')}
            inputMode="decimal"
            value={d.modifier}
            error={err('modifier')}
            onChange={(e) => set({ modifier: e.currentTarget.value })}
          />
        </Group>
        <Group>
          <Button type="submit" loading={saved.fetching}>
            {location ? t('common.save') : t('common.create')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const currency = data?.quoteSettings.currency_code ?? 'eur';
  const edit = (label: string, name: string, onClick: () => void) => (
    <Button size="xs" variant="default" aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </Button>
  );
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
                page={1}
                pageSize={Math.max(1, data.adminQuoteServices.length)}
                onPage={() => undefined}
              >
                {data.adminQuoteServices.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text size="sm">{s.name}</Text>
                      <Text size="xs" c="gray.7">
                        {s.handle}
                        {s.description ? ` · ${s.description}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{s.unit}</Table.Td>
                    <Table.Td>{money(s.base_rate, currency)}</Table.Td>
                    <Table.Td>{s.active ? t('plans.active') : t('quoteSettings.inactive')}</Table.Td>
                    <Table.Td>{edit(t('plans.editButton'), s.name, () => setService(s))}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              {service ? (
                <ServiceForm
                  key={service === 'new' ? 'new' : service.id}
                  service={service === 'new' ? null : service}
                  onDone={() => {
                    setService(null);
                    reread();
                  }}
                />
              ) : (
                <Button mt="md" variant="default" onClick={() => setService('new')}>
                  {t('quoteSettings.newService')}
                </Button>
              )}
            </Section>
            <Section title={t('quoteSettings.locations')}>
              <ErrorNote error={deleted.error} />
              <ListTable
                headers={[t('catalogue.name'), t('quoteSettings.modifier'), t('common.actions')]}
                count={data.isgConfig.locations.length}
                page={1}
                pageSize={Math.max(1, data.isgConfig.locations.length)}
                onPage={() => undefined}
              >
                {data.isgConfig.locations.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Text size="sm">{l.name}</Text>
                      <Text size="xs" c="gray.7">
                        {l.handle}
                      </Text>
                    </Table.Td>
                    <Table.Td>× {l.modifier}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {edit(t('plans.editButton'), l.name, () => setLocation({ handle: l.handle, name: l.name, modifier: String(l.modifier) }))}
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${t('common.delete')} ${l.name}`}
                          disabled={deleted.fetching}
                          onClick={() => {
                            if (confirm(t('quoteSettings.deleteLocationConfirm', { name: l.name }))) void remove({ handle: l.handle }).then(reread);
                          }}
                        >
                          {t('common.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              {location ? (
                <LocationForm
                  key={location === 'new' ? 'new' : location.handle}
                  location={location === 'new' ? null : location}
                  onDone={() => {
                    setLocation(null);
                    reread();
                  }}
                />
              ) : (
                <Button mt="md" variant="default" onClick={() => setLocation('new')}>
                  {t('quoteSettings.newLocation')}
                </Button>
              )}
            </Section>
          </Stack>
        )}
      </Loading>
    </>
  );
}
