import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleBookableServiceDocument,
  ConsoleCreateBookableServiceDocument,
  ConsoleDeleteBookableServiceDocument,
  ConsoleRemoveServiceExceptionDocument,
  ConsoleSetServiceExceptionDocument,
  ConsoleSetServiceOpeningHoursDocument,
  ConsoleUpdateBookableServiceDocument,
  type ConsoleBookableServiceFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { validZone } from '../offer-fields';
import { Link, navigate } from '../router';
import { ErrorNote, ListTable, Loading, PageHeader, SavedNote, Section, StatusBadge, useDraft } from '../ui';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && +s >= min && +s <= max;

/** `10:00–13:00, 14:00–18:00` → ranges; null when a part is not `HH:MM–HH:MM` (an empty text: no ranges) */
function parseRanges(text: string): { start: string; end: string }[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { start: string; end: string }[] = [];
  for (const p of parts) {
    const m = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(p);
    if (!m) return null;
    out.push({ start: m[1].padStart(5, '0'), end: m[2].padStart(5, '0') });
  }
  return out;
}
const rangesText = (ranges: readonly { start: string; end: string }[]) => ranges.map((r) => `${r.start}–${r.end}`).join(', ');

/** a weekday's name in the console's language (1 = Monday) */
function useWeekday(): (weekday: number) => string {
  const { lang } = useI18n();
  const f = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  return (weekday) => f.format(new Date(Date.UTC(2024, 0, weekday))); // 1 January 2024 was a Monday
}

interface ServiceDraft {
  name: string;
  handle: string;
  description: string;
  zone: string;
  slot: string;
  buffer: string;
  capacity: string;
  published: boolean;
}

function serviceProblems(d: ServiceDraft): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  if (!d.name.trim()) out.name = 'events.nameRequired';
  if (!validZone(d.zone)) out.zone = 'events.badZone';
  if (!whole(d.slot, 5, 720)) out.slot = 'services.badSlot';
  if (!whole(d.buffer, 0, 720)) out.buffer = 'services.badBuffer';
  if (!whole(d.capacity, 1, 10_000)) out.capacity = 'offers.badCapacity';
  return out;
}

/** The service's own fields: name, handle, description, time zone, slot and buffer minutes, places per slot, published. */
function ServiceForm({ service, onSaved }: { service: ConsoleBookableServiceFragment | null; onSaved: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<ServiceDraft>(
    () => ({
      name: service?.name ?? '',
      handle: service?.handle ?? '',
      description: service?.description ?? '',
      zone: service?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      slot: service ? String(service.slot_minutes) : '60',
      buffer: service ? String(service.buffer_minutes) : '0',
      capacity: service ? String(service.capacity) : '1',
      published: service?.published ?? false,
    }),
    serviceProblems,
  );
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateBookableServiceDocument);
  const [updated, update] = useMutation(ConsoleUpdateBookableServiceDocument);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<ServiceDraft>) => {
    setSaved(false);
    set(patch);
  };
  const submit = () => {
    const input = {
      name: d.name.trim(),
      description: d.description.trim() || null,
      time_zone: d.zone,
      slot_minutes: +d.slot,
      buffer_minutes: +d.buffer,
      capacity: +d.capacity,
      published: d.published,
    };
    if (service)
      void update({ id: service.id, input: { ...input, handle: d.handle.trim() || undefined } }).then((r) => {
        if (!r.data) return;
        setSaved(true);
        onSaved();
      });
    else void create({ input: { ...input, handle: d.handle.trim() || null } }).then((r) => r.data && navigate(`/services/${r.data.createBookableService.id}`));
  };
  return (
    <form noValidate onSubmit={draft.onSubmit(submit)}>
      <Section title={t('services.details')}>
        <Stack>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('catalogue.name')} required value={d.name} error={err('name')} onChange={(e) => change({ name: e.currentTarget.value })} />
            <TextInput
              label={t('common.handle')}
              description={t('services.handleHint')}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              value={d.handle}
              onChange={(e) => change({ handle: e.currentTarget.value })}
            />
          </Group>
          <Textarea label={t('product.description')} autosize value={d.description} onChange={(e) => change({ description: e.currentTarget.value })} />
          <Group grow align="start">
            <TextInput label={t('events.timeZone')} required value={d.zone} error={err('zone')} onChange={(e) => change({ zone: e.currentTarget.value })} />
            <TextInput
              label={t('services.slotMinutes')}
              required
              inputMode="numeric"
              value={d.slot}
              error={err('slot')}
              onChange={(e) => change({ slot: e.currentTarget.value })}
            />
            <TextInput
              label={t('services.bufferMinutes')}
              inputMode="numeric"
              value={d.buffer}
              error={err('buffer')}
              onChange={(e) => change({ buffer: e.currentTarget.value })}
            />
            <TextInput
              label={t('services.placesPerSlot')}
              required
              inputMode="numeric"
              value={d.capacity}
              error={err('capacity')}
              onChange={(e) => change({ capacity: e.currentTarget.value })}
            />
          </Group>
          <Checkbox label={t('services.published')} checked={d.published} onChange={(e) => change({ published: e.currentTarget.checked })} />
          <Text size="sm" c="gray.8">
            {t('services.noPrice')}
          </Text>
          <Group>
            <Button type="submit" loading={created.fetching || updated.fetching}>
              {service ? t('common.save') : t('common.create')}
            </Button>
            <SavedNote shown={saved} />
          </Group>
        </Stack>
      </Section>
    </form>
  );
}

/** The weekly hours: one text per weekday (`10:00–13:00, 14:00–18:00`; empty: closed), saved whole. */
function OpeningHours({ service, onSaved }: { service: ConsoleBookableServiceFragment; onSaved: () => void }) {
  const { t } = useI18n();
  const weekday = useWeekday();
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries(WEEKDAYS.map((w) => [w, rangesText(service.opening_hours.find((o) => o.weekday === w)?.ranges ?? [])])),
  );
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const [result, save] = useMutation(ConsoleSetServiceOpeningHoursDocument);
  const parsed = WEEKDAYS.map((w) => ({ weekday: w, ranges: parseRanges(texts[w] ?? '') }));
  const submit = () => {
    setTried(true);
    setSaved(false);
    if (parsed.some((p) => !p.ranges)) return;
    const hours = parsed.filter((p) => p.ranges!.length).map((p) => ({ weekday: p.weekday, ranges: p.ranges! }));
    void save({ id: service.id, hours }).then((r) => {
      if (r.error) return;
      setSaved(true);
      onSaved();
    });
  };
  return (
    <Section title={t('services.hours')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Text size="sm" c="gray.8">
            {t('services.hoursHelp')}
          </Text>
          <ErrorNote error={result.error} />
          {parsed.map((p) => (
            <TextInput
              key={p.weekday}
              label={weekday(p.weekday)}
              placeholder={t('services.closed')}
              value={texts[p.weekday] ?? ''}
              error={tried && !p.ranges ? t('services.badRanges') : undefined}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSaved(false);
                setTexts((x) => ({ ...x, [p.weekday]: v }));
              }}
            />
          ))}
          <Group>
            <Button type="submit" loading={result.fetching}>
              {t('services.saveHours')}
            </Button>
            <SavedNote shown={saved} />
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** A date's exception: closed all day, or other hours (a date again replaces its exception). */
function ExceptionForm({ serviceId, onAdded }: { serviceId: string; onAdded: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<{ date: string; closed: boolean; hours: string }>(
    () => ({ date: '', closed: true, hours: '' }),
    (d) => {
      const out: Record<string, MessageKey> = {};
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d.date)) out.date = 'tours.badDate';
      if (!d.closed) {
        const r = parseRanges(d.hours);
        if (!r || !r.length) out.hours = 'services.badRanges';
      }
      return out;
    },
  );
  const { d, set, err } = draft;
  const [added, add] = useMutation(ConsoleSetServiceExceptionDocument);
  const submit = () =>
    void add({ id: serviceId, input: { date: d.date, closed: d.closed, ranges: d.closed ? [] : parseRanges(d.hours)! } }).then((r) => !r.error && onAdded());
  return (
    <form noValidate onSubmit={draft.onSubmit(submit)}>
      <ErrorNote error={added.error} />
      <Group align="end" mt="md">
        <TextInput type="date" label={t('services.date')} required value={d.date} error={err('date')} onChange={(e) => set({ date: e.currentTarget.value })} />
        <Checkbox label={t('services.closedAllDay')} checked={d.closed} onChange={(e) => set({ closed: e.currentTarget.checked })} mb={8} />
        {!d.closed && (
          <TextInput
            label={t('services.hoursThatDay')}
            placeholder="10:00–14:00"
            value={d.hours}
            error={err('hours')}
            onChange={(e) => set({ hours: e.currentTarget.value })}
          />
        )}
        <Button type="submit" variant="default" loading={added.fetching}>
          {t('services.addException')}
        </Button>
      </Group>
    </form>
  );
}

/** The dates with other hours or closed: listed by date, added and removed. */
function Exceptions({ service, onChange }: { service: ConsoleBookableServiceFragment; onChange: () => void }) {
  const { t, day } = useI18n();
  const [removed, remove] = useMutation(ConsoleRemoveServiceExceptionDocument);
  // a new form after each exception added (empty, and without the first form's refusals)
  const [round, setRound] = useState(0);
  const exceptions = [...service.exceptions].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Section title={t('services.exceptions')}>
      <ErrorNote error={removed.error} />
      <ListTable headers={[t('services.date'), t('services.hoursThatDay'), t('common.actions')]} count={exceptions.length}>
        {exceptions.map((x) => (
          <Table.Tr key={x.date}>
            <Table.Td>{day(x.date)}</Table.Td>
            <Table.Td>{x.closed ? t('services.closed') : rangesText(x.ranges)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={`${t('services.remove')} ${x.date}`}
                onClick={() => void remove({ id: service.id, date: x.date }).then((r) => !r.error && onChange())}
              >
                {t('services.remove')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <ExceptionForm
        key={round}
        serviceId={service.id}
        onAdded={() => {
          setRound((n) => n + 1);
          onChange();
        }}
      />
    </Section>
  );
}

/** A bookable service (`id`) or a new one (null): its fields; once created its weekly hours, exceptions and delete. */
export default function ServiceEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleBookableServiceDocument,
    variables: { id: id ?? '' },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const [deleted, remove] = useMutation(ConsoleDeleteBookableServiceDocument);
  const reread = () => refetch({ requestPolicy: 'network-only' });
  if (!id)
    return (
      <>
        <PageHeader title={t('services.new')} />
        <ServiceForm service={null} onSaved={() => undefined} />
      </>
    );
  const s = data?.bookableService;
  return (
    <Loading fetching={fetching} error={error}>
      {s && (
        <>
          <PageHeader title={s.name}>
            <StatusBadge status={s.published ? 'published' : 'draft'} />
            <Button
              variant="outline"
              color="red.9"
              loading={deleted.fetching}
              onClick={() => window.confirm(t('services.deleteConfirm')) && void remove({ id }).then((r) => !r.error && navigate('/services'))}
            >
              {t('common.delete')}
            </Button>
          </PageHeader>
          <ErrorNote error={deleted.error} />
          <Text size="sm" mb="md">
            <Link to="/services">{t('services.back')}</Link>
          </Text>
          <Stack>
            <ServiceForm key={s.id} service={s} onSaved={reread} />
            <OpeningHours key={`hours-${s.id}`} service={s} onSaved={reread} />
            <Exceptions service={s} onChange={reread} />
          </Stack>
        </>
      )}
    </Loading>
  );
}
