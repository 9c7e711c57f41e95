import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Grid, Group, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useClient, useQuery } from 'urql';
import {
  ConsoleBookingOrderDocument,
  ConsoleBookingSourcesDocument,
  ConsoleCancelEventRegistrationDocument,
  ConsoleCancelServiceBookingDocument,
  ConsoleEventRegistrationsDocument,
  ConsoleServiceBookingsDocument,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link } from '../router';
import { ErrorNote, Facts, Loading, PageHeader, Section, StatusBadge } from '../ui';

type Kind = 'event' | 'tour' | 'service';
const KINDS: Kind[] = ['event', 'tour', 'service'];
const KIND_COLOR: Record<Kind, string> = { event: 'blue', tour: 'teal', service: 'grape' };
const KIND_PLURAL: Record<Kind, MessageKey> = { event: 'bookings.events', tour: 'bookings.tours', service: 'bookings.services' };

/** One booking on the calendar, whichever domain it comes from. */
interface Entry {
  kind: Kind;
  id: string;
  /** the local day it is on (YYYY-MM-DD) */
  day: string;
  /** HH:MM when it has a time of day */
  time?: string;
  /** what was booked: the event, the tour, the service */
  what: string;
  /** until when (a tour's last day, a slot's end) */
  until?: string;
  who: string;
  email: string | null;
  customer_id: string | null;
  status: string;
  places: number;
  people: string[];
  code?: string;
  order_id?: string;
  line_item_id?: string;
  phone?: string | null;
  notes?: string | null;
}

// ---- days as YYYY-MM-DD, counted in UTC (no time zone moves a day) ----
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);
const plus = (day: string, n: number) => ymd(new Date(parse(day).getTime() + n * 86_400_000));
/** Monday of the day's week */
const monday = (day: string) => plus(day, -((parse(day).getUTCDay() + 6) % 7));
const today = () => {
  const d = new Date();
  return ymd(new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())));
};

/** the days the grid shows: whole weeks (Monday first) around the month, or the anchor's week */
function rangeOf(view: 'month' | 'week', anchor: string): { from: string; to: string; month: string } {
  if (view === 'week') {
    const from = monday(anchor);
    return { from, to: plus(from, 6), month: anchor.slice(0, 7) };
  }
  const first = `${anchor.slice(0, 7)}-01`;
  const d = parse(first);
  const last = ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
  const from = monday(first);
  return { from, to: plus(monday(last), 6), month: anchor.slice(0, 7) };
}

function moved(view: 'month' | 'week', anchor: string, by: number): string {
  if (view === 'week') return plus(anchor, 7 * by);
  const d = parse(`${anchor.slice(0, 7)}-01`);
  return ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1)));
}

const name = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * The bookings of the grid's days from the three domains that take them: event registrations (on
 * their event's first day), tour bookings (on their departure's first day) and service bookings (on
 * their slot). Events' registrations and services' bookings are read per event and service.
 */
function useEntries(from: string, to: string, kinds: Kind[], reload: number) {
  const client = useClient();
  const [sources] = useQuery({ query: ConsoleBookingSourcesDocument, requestPolicy: 'cache-and-network' });
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const data = sources.data;
  useEffect(() => {
    if (!data) return;
    let gone = false;
    const load = async (): Promise<Entry[]> => {
      const out: Entry[] = [];
      if (kinds.includes('tour')) {
        const departures = new Map(data.adminTours.items.flatMap((tour) => tour.departures.map((d) => [d.id, { ...d, title: tour.title }] as const)));
        for (const b of data.tourBookings) {
          const d = departures.get(b.departure_id);
          if (!d || d.starts_on < from || d.starts_on > to) continue;
          out.push({
            kind: 'tour',
            id: b.id,
            day: d.starts_on,
            what: d.title,
            until: d.ends_on,
            who: b.travellers[0] ? name(b.travellers[0].first_name, b.travellers[0].last_name) : (b.email ?? b.code),
            email: b.email ?? null,
            customer_id: b.customer_id ?? null,
            status: b.status,
            places: b.seats,
            people: b.travellers.map((p) => (p.age == null ? name(p.first_name, p.last_name) : `${name(p.first_name, p.last_name)} (${p.age})`)),
            code: b.code,
            order_id: b.order_id,
            line_item_id: b.line_item_id,
          });
        }
      }
      const events = kinds.includes('event') ? data.adminEvents.items.filter((e) => e.starts_at.slice(0, 10) >= from && e.starts_at.slice(0, 10) <= to) : [];
      const services = kinds.includes('service') ? data.bookableServices : [];
      const [regs, slots] = await Promise.all([
        Promise.all(events.map((e) => client.query(ConsoleEventRegistrationsDocument, { event_id: e.id }, { requestPolicy: 'network-only' }).toPromise())),
        Promise.all(
          services.map((s) => client.query(ConsoleServiceBookingsDocument, { service_id: s.id, from, to }, { requestPolicy: 'network-only' }).toPromise()),
        ),
      ]);
      events.forEach((e, i) => {
        if (regs[i].error) throw regs[i].error;
        for (const r of regs[i].data?.adminEventRegistrations.items ?? [])
          out.push({
            kind: 'event',
            id: r.id,
            day: e.starts_at.slice(0, 10),
            time: e.starts_at.slice(11, 16),
            what: `${e.title} · ${r.ticket_name}`,
            until: e.ends_at.slice(0, 16).replace('T', ' '),
            who: name(r.first_name, r.last_name) || r.email,
            email: r.email,
            customer_id: r.customer_id ?? null,
            status: r.status,
            places: 1,
            people: [name(r.first_name, r.last_name)].filter(Boolean),
            code: r.code,
            order_id: r.order_id,
            line_item_id: r.line_item_id,
          });
      });
      services.forEach((s, i) => {
        if (slots[i].error) throw slots[i].error;
        for (const b of slots[i].data?.adminServiceBookings ?? [])
          out.push({
            kind: 'service',
            id: b.id,
            day: b.starts_at.slice(0, 10),
            time: b.starts_at.slice(11, 16),
            what: s.name,
            until: b.ends_at.slice(11, 16),
            who: name(b.first_name, b.last_name),
            email: b.email,
            customer_id: b.customer_id ?? null,
            status: b.status,
            places: b.quantity,
            people: [name(b.first_name, b.last_name)],
            phone: b.phone,
            notes: b.notes,
          });
      });
      return out.sort((a, b) => `${a.day} ${a.time ?? ''}`.localeCompare(`${b.day} ${b.time ?? ''}`));
    };
    setError(null);
    load().then(
      (list) => !gone && setEntries(list),
      (e: Error) => !gone && setError(e),
    );
    return () => {
      gone = true;
    };
  }, [data, from, to, kinds, client, reload]);
  return { entries, fetching: sources.fetching, error: sources.error ?? error };
}

function EntryButton({ e, onOpen, selected }: { e: Entry; onOpen: () => void; selected: boolean }) {
  const { t } = useI18n();
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-pressed={selected}
      w="100%"
      px={4}
      py={2}
      mb={2}
      style={{
        borderInlineStart: `3px solid var(--mantine-color-${KIND_COLOR[e.kind]}-7)`,
        background: selected ? `var(--mantine-color-${KIND_COLOR[e.kind]}-1)` : 'var(--mantine-color-gray-0)',
        borderRadius: 2,
      }}
    >
      {/* its name: "Service booking: 10:00 Sam Service , Tailoring appointment" (the kind and the comma heard, not seen) */}
      <VisuallyHidden>{t(`bookings.${e.kind}`)}: </VisuallyHidden>
      <Text size="xs" c="dark.8" lineClamp={1} td={e.status === 'canceled' ? 'line-through' : undefined}>
        {e.time && `${e.time} `}
        {e.who}
        <VisuallyHidden>, </VisuallyHidden>
      </Text>
      <Text size="xs" c="gray.7" lineClamp={1}>
        {e.what}
      </Text>
    </UnstyledButton>
  );
}

/** The opened booking: who, what, when, places, amount (its order line) and what may be done with it. */
function Detail({ e, onChanged }: { e: Entry; onChanged: () => void }) {
  const { t, day, money, number } = useI18n();
  const client = useClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [order] = useQuery({ query: ConsoleBookingOrderDocument, variables: { id: e.order_id ?? '' }, pause: !e.order_id });
  useEffect(() => heading.current?.focus(), [e.id]);
  const doc = order.data?.order.document as { items?: { id: string; total?: number; unit_price: number; quantity: number }[] } | undefined;
  const line = doc?.items?.find((i) => i.id === e.line_item_id);
  const amount = !e.order_id
    ? t('bookings.noCharge')
    : line && order.data
      ? money(line.total ?? line.unit_price * line.quantity, order.data.order.currency_code)
      : '…';
  const cancel = async () => {
    if (!window.confirm(t('bookings.cancelConfirm'))) return;
    setBusy(true);
    setError(null);
    const r =
      e.kind === 'event'
        ? await client.mutation(ConsoleCancelEventRegistrationDocument, { id: e.id }).toPromise()
        : await client.mutation(ConsoleCancelServiceBookingDocument, { id: e.id }).toPromise();
    setBusy(false);
    if (r.error) setError(r.error);
    onChanged();
  };
  const rows: [string, ReactNode][] = [
    [t('common.status'), <StatusBadge status={e.status} key="s" />],
    [t('bookings.what'), e.what],
    [t('bookings.when'), `${day(e.day)}${e.time ? ` ${e.time}` : ''}${e.until ? ` – ${e.until.length === 10 ? day(e.until) : e.until}` : ''}`],
    [
      t('bookings.customer'),
      <Stack gap={0} key="c">
        {e.customer_id ? (
          <Anchor component={Link} to={`/customers/${e.customer_id}`}>
            {e.who}
          </Anchor>
        ) : (
          <Text size="sm">{e.who}</Text>
        )}
        {e.email && <Text size="sm">{e.email}</Text>}
      </Stack>,
    ],
    [t('bookings.places'), number(e.places)],
    [t('bookings.people'), e.people.join(', ') || '–'],
  ];
  if (e.phone) rows.push([t('bookings.phone'), e.phone]);
  if (e.notes) rows.push([t('bookings.notes'), e.notes]);
  if (e.code) rows.push([t('bookings.code'), e.code]);
  if (e.order_id)
    rows.push([
      t('bookings.order'),
      <Anchor component={Link} to={`/orders/${e.order_id}`} key="o">
        {order.data ? `#${order.data.order.display_id}` : e.order_id}
      </Anchor>,
    ]);
  rows.push([t('bookings.amount'), amount]);
  return (
    <Section title={t(`bookings.${e.kind}`)}>
      <Title order={4} size="h5" mb="xs" tabIndex={-1} ref={heading}>
        {e.who}
      </Title>
      <ErrorNote error={error ?? order.error} />
      <Facts rows={rows} />
      <Group mt="sm">
        {e.kind !== 'tour' && e.status === 'confirmed' && (
          <Button variant="default" c="red.9" loading={busy} onClick={() => void cancel()}>
            {t('bookings.cancel')}
          </Button>
        )}
        {e.kind === 'tour' && e.status === 'confirmed' && (
          <Text size="sm" c="gray.7">
            {t('bookings.tourCancelNote')}
          </Text>
        )}
      </Group>
    </Section>
  );
}

export default function Bookings() {
  const { t, lang, day } = useI18n();
  const [view, setView] = useState<'month' | 'week'>('month');
  const [anchor, setAnchor] = useState(today);
  const [kinds, setKinds] = useState<Kind[]>(KINDS);
  const [reload, setReload] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const { from, to, month } = rangeOf(view, anchor);
  const { entries, fetching, error } = useEntries(from, to, kinds, reload);
  const open = entries?.find((e) => e.id === openId) ?? null;
  const days = Array.from({ length: (parse(to).getTime() - parse(from).getTime()) / 86_400_000 + 1 }, (_, i) => plus(from, i));
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  const dayLong = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const monthName = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parse(`${month}-01`));
  const now = today();
  return (
    <>
      <PageHeader title={t('nav.bookings')}>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'month' | 'week')}
          data={[
            { value: 'month', label: t('bookings.month') },
            { value: 'week', label: t('bookings.week') },
          ]}
        />
      </PageHeader>
      <Group mb="sm" justify="space-between" align="end">
        <Group gap="xs" align="end">
          <Button variant="default" onClick={() => setAnchor(moved(view, anchor, -1))}>
            {t('bookings.previous')}
          </Button>
          <Button variant="default" onClick={() => setAnchor(today())}>
            {t('bookings.today')}
          </Button>
          <Button variant="default" onClick={() => setAnchor(moved(view, anchor, 1))}>
            {t('bookings.next')}
          </Button>
          <TextInput
            type="month"
            label={t('bookings.month')}
            value={month}
            onChange={(e) => /^\d{4}-\d{2}$/.test(e.currentTarget.value) && setAnchor(`${e.currentTarget.value}-01`)}
          />
        </Group>
        <Checkbox.Group label={t('bookings.show')} value={kinds} onChange={(v) => setKinds(KINDS.filter((k) => v.includes(k)))}>
          <Group gap="sm" mt={4}>
            {KINDS.map((k) => (
              <Checkbox key={k} value={k} label={t(KIND_PLURAL[k])} color={KIND_COLOR[k]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>
      <Title order={3} size="h4" mb="xs" aria-live="polite">
        {view === 'month' ? monthName : `${day(from)} – ${day(to)}`}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: open ? 8 : 12 }}>
          <ErrorNote error={error} />
          <Loading fetching={fetching && !entries}>
            <Table withTableBorder withColumnBorders layout="fixed" aria-busy={fetching || !entries}>
              <Table.Caption c="dark.8">{t('bookings.calendar', { from: day(from), to: day(to) })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {weeks[0].map((d) => (
                    <Table.Th key={d} scope="col">
                      {weekday.format(parse(d))}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((w) => (
                  <Table.Tr key={w[0]}>
                    {w.map((d) => {
                      const here = (entries ?? []).filter((e) => e.day === d);
                      const outside = view === 'month' && d.slice(0, 7) !== month;
                      return (
                        <Table.Td
                          key={d}
                          style={{ verticalAlign: 'top' }}
                          h={view === 'week' ? 320 : 110}
                          p={4}
                          bg={outside ? 'gray.1' : undefined}
                          aria-label={dayLong.format(parse(d))}
                        >
                          <Text size="sm" fw={d === now ? 700 : 400} c={outside ? 'gray.7' : d === now ? 'indigo.9' : 'dark.8'} aria-hidden>
                            {Number(d.slice(8))}
                          </Text>
                          {here.map((e) => (
                            <EntryButton key={e.id} e={e} selected={e.id === openId} onOpen={() => setOpenId(e.id)} />
                          ))}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {entries && entries.length === 0 && <Text mt="sm">{t('bookings.none')}</Text>}
          </Loading>
        </Grid.Col>
        {open && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Detail e={open} key={open.id} onChanged={() => setReload((n) => n + 1)} />
            <Button variant="subtle" mt="xs" onClick={() => setOpenId(null)}>
              {t('common.close')}
            </Button>
          </Grid.Col>
        )}
      </Grid>
    </>
  );
}
