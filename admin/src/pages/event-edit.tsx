import { useState } from 'react';
import { Anchor, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { TranslateCard } from '../assistant-jobs';
import {
  ConsoleCancelEventDocument,
  ConsoleCreateEventDocument,
  ConsoleCreateEventSessionDocument,
  ConsoleCreateEventSpeakerDocument,
  ConsoleCreateEventTicketTypeDocument,
  ConsoleDeleteEventDocument,
  ConsoleDeleteEventSessionDocument,
  ConsoleDeleteEventSpeakerDocument,
  ConsoleDeleteEventTicketTypeDocument,
  ConsoleEventDocument,
  ConsolePublishEventDocument,
  ConsoleUpdateEventDocument,
  ConsoleUpdateEventSessionDocument,
  ConsoleUpdateEventSpeakerDocument,
  ConsoleUpdateEventTicketTypeDocument,
  type ConsoleEventFragment,
  type ConsoleEventQuery,
  type ConsoleEventSpeakerFragment,
  type ConsoleEventTicketFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ImageField, PriceRows, priceInput, priceProblems, priceRowsOf, useZonedTime, validZone, wallTime, zonedInstant, type PriceRow } from '../offer-fields';
import { Link, navigate } from '../router';
import { ErrorNote, FormButtons, ListTable, Loading, NameCell, PageHeader, RowActions, SavedNote, Section, StatusBadge, useDraft } from '../ui';

type EventSession = ConsoleEventQuery['adminEvent']['sessions'][number];

/** an emptied text field is no value */
const orNull = (s: string) => s.trim() || null;

interface EventDraft {
  title: string;
  slug: string;
  subtitle: string;
  description: string;
  zone: string;
  starts: string;
  ends: string;
  venue: string;
  address: string;
  city: string;
  country: string;
  online: string;
  thumbnail: string;
  maxPerOrder: string;
  names: boolean;
}

const draftOf = (e: ConsoleEventFragment | null): EventDraft => ({
  title: e?.title ?? '',
  slug: e?.slug ?? '',
  subtitle: e?.subtitle ?? '',
  description: e?.description ?? '',
  zone: e?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  starts: wallTime(e?.starts_at),
  ends: wallTime(e?.ends_at),
  venue: e?.venue?.name ?? '',
  address: e?.venue?.address ?? '',
  city: e?.venue?.city ?? '',
  country: e?.venue?.country_code ?? '',
  online: e?.online_url ?? '',
  thumbnail: e?.thumbnail ?? '',
  maxPerOrder: e?.max_tickets_per_order ? String(e.max_tickets_per_order) : '',
  names: e?.requires_attendee_names ?? false,
});

/** a start and an end in a zone: both wall times, the end not before the start */
function timeProblems(zone: string, starts: string, ends: string, required: boolean): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  const a = starts ? zonedInstant(starts, zone) : null;
  const b = ends ? zonedInstant(ends, zone) : null;
  if ((required || starts) && !a) out.starts = 'offers.badTime';
  if ((required || ends) && !b) out.ends = 'offers.badTime';
  if (a && b && Date.parse(b) < Date.parse(a)) out.ends = 'offers.endsBeforeStart';
  return out;
}

function eventProblems(d: EventDraft): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  if (!d.title.trim()) out.title = 'events.titleRequired';
  if (!validZone(d.zone)) out.zone = 'events.badZone';
  else Object.assign(out, timeProblems(d.zone, d.starts, d.ends, true));
  if (!d.venue.trim() && (d.address.trim() || d.city.trim() || d.country.trim())) out.venue = 'events.venueRequired';
  if (d.country.trim() && !/^[A-Za-z]{2}$/.test(d.country.trim())) out.country = 'events.badCountry';
  if (d.maxPerOrder.trim() && (!/^\d+$/.test(d.maxPerOrder.trim()) || +d.maxPerOrder < 1 || +d.maxPerOrder > 100)) out.maxPerOrder = 'events.badMaxPerOrder';
  return out;
}

/** The event's own fields: texts, time zone and times, venue or online URL, image, tickets per order, attendee names. */
function EventForm({ event, onSaved }: { event: ConsoleEventFragment | null; onSaved: (e: ConsoleEventFragment) => void }) {
  const { t } = useI18n();
  const draft = useDraft<EventDraft>(() => draftOf(event), eventProblems);
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateEventDocument);
  const [updated, update] = useMutation(ConsoleUpdateEventDocument);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<EventDraft>) => {
    setSaved(false);
    set(patch);
  };
  const submit = () => {
    const input = {
      title: d.title.trim(),
      subtitle: orNull(d.subtitle),
      description: orNull(d.description),
      time_zone: d.zone,
      starts_at: zonedInstant(d.starts, d.zone)!,
      ends_at: zonedInstant(d.ends, d.zone)!,
      venue: d.venue.trim() ? { name: d.venue.trim(), address: orNull(d.address), city: orNull(d.city), country_code: orNull(d.country) } : null,
      online_url: orNull(d.online),
      thumbnail: orNull(d.thumbnail),
      max_tickets_per_order: d.maxPerOrder.trim() ? +d.maxPerOrder : null,
      requires_attendee_names: d.names,
    };
    if (event)
      void update({ id: event.id, input: { ...input, slug: orNull(d.slug) ?? undefined } }).then((r) => {
        if (!r.data) return;
        setSaved(true);
        onSaved(r.data.updateEvent);
      });
    else void create({ input: { ...input, slug: orNull(d.slug) } }).then((r) => r.data && navigate(`/events/${r.data.createEvent.id}`));
  };
  return (
    <form noValidate onSubmit={draft.onSubmit(submit)}>
      <Stack>
        <ErrorNote error={created.error ?? updated.error} />
        <Section title={t('events.details')}>
          <Stack>
            <Group grow align="start">
              <TextInput label={t('common.title')} required value={d.title} error={err('title')} onChange={(e) => change({ title: e.currentTarget.value })} />
              <TextInput
                label={t('common.handle')}
                description={t('events.slugHint')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                value={d.slug}
                onChange={(e) => change({ slug: e.currentTarget.value })}
              />
            </Group>
            <TextInput label={t('events.subtitle')} value={d.subtitle} onChange={(e) => change({ subtitle: e.currentTarget.value })} />
            <Textarea
              label={t('product.description')}
              autosize
              minRows={3}
              value={d.description}
              onChange={(e) => change({ description: e.currentTarget.value })}
            />
            <Group grow align="start">
              <TextInput label={t('events.timeZone')} required value={d.zone} error={err('zone')} onChange={(e) => change({ zone: e.currentTarget.value })} />
              <TextInput
                type="datetime-local"
                label={t('events.starts')}
                required
                value={d.starts}
                error={err('starts')}
                onChange={(e) => change({ starts: e.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label={t('events.ends')}
                required
                value={d.ends}
                error={err('ends')}
                onChange={(e) => change({ ends: e.currentTarget.value })}
              />
            </Group>
            <Group grow align="start">
              <TextInput label={t('events.venue')} value={d.venue} error={err('venue')} onChange={(e) => change({ venue: e.currentTarget.value })} />
              <TextInput label={t('events.address')} value={d.address} onChange={(e) => change({ address: e.currentTarget.value })} />
              <TextInput label={t('events.city')} value={d.city} onChange={(e) => change({ city: e.currentTarget.value })} />
              <TextInput
                label={t('events.country')}
                maxLength={2}
                value={d.country}
                error={err('country')}
                onChange={(e) => change({ country: e.currentTarget.value })}
              />
            </Group>
            <TextInput label={t('events.onlineUrl')} type="url" value={d.online} onChange={(e) => change({ online: e.currentTarget.value })} />
            <ImageField label={t('events.image')} value={d.thumbnail} onChange={(thumbnail) => change({ thumbnail })} />
            <Group grow align="end">
              <TextInput
                label={t('events.maxPerOrder')}
                inputMode="numeric"
                value={d.maxPerOrder}
                error={err('maxPerOrder')}
                onChange={(e) => change({ maxPerOrder: e.currentTarget.value })}
              />
              <Checkbox label={t('events.attendeeNames')} checked={d.names} onChange={(e) => change({ names: e.currentTarget.checked })} />
            </Group>
            <Group>
              <Button type="submit" loading={created.fetching || updated.fetching}>
                {event ? t('common.save') : t('common.create')}
              </Button>
              <SavedNote shown={saved} />
            </Group>
          </Stack>
        </Section>
      </Stack>
    </form>
  );
}

interface TicketDraft {
  name: string;
  description: string;
  capacity: string;
  prices: PriceRow[];
  saleStarts: string;
  saleEnds: string;
}

/** A ticket type's form: name, description, capacity, prices per currency and the optional sale window (in the event's zone). */
function TicketForm({ eventId, zone, ticket, onDone }: { eventId: string; zone: string; ticket: ConsoleEventTicketFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<TicketDraft>(
    () => ({
      name: ticket?.name ?? '',
      description: ticket?.description ?? '',
      capacity: ticket ? String(ticket.capacity) : '',
      prices: ticket ? priceRowsOf(ticket.prices) : [{ currency: 'eur', amount: '' }],
      saleStarts: wallTime(ticket?.sale_starts_at),
      saleEnds: wallTime(ticket?.sale_ends_at),
    }),
    (d) => {
      const out: Record<string, MessageKey> = { ...priceProblems(d.prices), ...timeProblems(zone, d.saleStarts, d.saleEnds, false) };
      if (!d.name.trim()) out.name = 'events.nameRequired';
      if (!/^\d+$/.test(d.capacity.trim())) out.capacity = 'offers.badCapacity';
      return out;
    },
  );
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateEventTicketTypeDocument);
  const [updated, update] = useMutation(ConsoleUpdateEventTicketTypeDocument);
  const title = ticket ? t('events.editTicket', { name: ticket.name }) : t('events.newTicket');
  const submit = () => {
    const input = {
      name: d.name.trim(),
      description: orNull(d.description),
      capacity: +d.capacity,
      prices: priceInput(d.prices),
      sale_starts_at: d.saleStarts ? zonedInstant(d.saleStarts, zone) : null,
      sale_ends_at: d.saleEnds ? zonedInstant(d.saleEnds, zone) : null,
    };
    const run = ticket ? update({ id: ticket.id, input }) : create({ event_id: eventId, input });
    void run.then((r) => !r.error && onDone());
  };
  return (
    <Card withBorder component="section" aria-label={title} my="md">
      <form noValidate onSubmit={draft.onSubmit(submit)}>
        <Stack>
          <Title order={4} size="h5">
            {title}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('catalogue.name')} required value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput
              label={t('offers.capacity')}
              required
              inputMode="numeric"
              value={d.capacity}
              error={err('capacity')}
              onChange={(e) => set({ capacity: e.currentTarget.value })}
            />
          </Group>
          <Textarea label={t('product.description')} autosize value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
          <PriceRows rows={d.prices} onChange={(prices) => set({ prices })} err={err} />
          <Group grow align="start">
            <TextInput
              type="datetime-local"
              label={t('events.saleStarts')}
              value={d.saleStarts}
              error={err('starts')}
              onChange={(e) => set({ saleStarts: e.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={t('events.saleEnds')}
              value={d.saleEnds}
              error={err('ends')}
              onChange={(e) => set({ saleEnds: e.currentTarget.value })}
            />
          </Group>
          <FormButtons editing={!!ticket} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The event's ticket types: prices, capacity and sold; create, edit, delete. */
function Tickets({ eventId, zone, tickets, onChange }: { eventId: string; zone: string; tickets: ConsoleEventTicketFragment[]; onChange: () => void }) {
  const { t, money, date } = useI18n();
  const [editing, setEditing] = useState<ConsoleEventTicketFragment | 'new' | null>(null);
  const [removed, remove] = useMutation(ConsoleDeleteEventTicketTypeDocument);
  const done = () => {
    setEditing(null);
    onChange();
  };
  return (
    <Section title={t('events.tickets')}>
      <ErrorNote error={removed.error} />
      <ListTable
        headers={[t('catalogue.name'), t('plans.prices'), t('offers.capacity'), t('events.sold'), t('events.saleWindow'), t('common.actions')]}
        count={tickets.length}
      >
        {tickets.map((x) => (
          <Table.Tr key={x.id}>
            <NameCell name={x.name} sub={x.description} />
            <Table.Td>{x.prices.map((p) => money(p.amount, p.currency_code)).join(' · ')}</Table.Td>
            <Table.Td>{x.capacity}</Table.Td>
            <Table.Td>{x.sold}</Table.Td>
            <Table.Td>{x.sale_starts_at || x.sale_ends_at ? `${date(x.sale_starts_at)} – ${date(x.sale_ends_at)}` : t('events.alwaysOnSale')}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: `${t('plans.editButton')} ${x.name}`, onClick: () => setEditing(x) }}
                remove={{
                  label: `${t('common.delete')} ${x.name}`,
                  question: t('events.deleteTicketConfirm', { name: x.name }),
                  onConfirm: () => void remove({ id: x.id }).then((r) => !r.error && onChange()),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing ? (
        <TicketForm key={editing === 'new' ? 'new' : editing.id} eventId={eventId} zone={zone} ticket={editing === 'new' ? null : editing} onDone={done} />
      ) : (
        <Button mt="sm" variant="default" onClick={() => setEditing('new')}>
          {t('events.newTicket')}
        </Button>
      )}
    </Section>
  );
}

interface SpeakerDraft {
  name: string;
  title: string;
  company: string;
  bio: string;
  photo: string;
}

function SpeakerForm({ eventId, speaker, onDone }: { eventId: string; speaker: ConsoleEventSpeakerFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<SpeakerDraft>(
    () => ({
      name: speaker?.name ?? '',
      title: speaker?.title ?? '',
      company: speaker?.company ?? '',
      bio: speaker?.bio ?? '',
      photo: speaker?.photo_url ?? '',
    }),
    (d): Record<string, MessageKey> => (d.name.trim() ? {} : { name: 'events.nameRequired' }),
  );
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateEventSpeakerDocument);
  const [updated, update] = useMutation(ConsoleUpdateEventSpeakerDocument);
  const heading = speaker ? t('events.editSpeaker', { name: speaker.name }) : t('events.newSpeaker');
  const submit = () => {
    const input = { name: d.name.trim(), title: orNull(d.title), company: orNull(d.company), bio: orNull(d.bio), photo_url: orNull(d.photo) };
    const run = speaker ? update({ id: speaker.id, input }) : create({ event_id: eventId, input });
    void run.then((r) => !r.error && onDone());
  };
  return (
    <Card withBorder component="section" aria-label={heading} my="md">
      <form noValidate onSubmit={draft.onSubmit(submit)}>
        <Stack>
          <Title order={4} size="h5">
            {heading}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('catalogue.name')} required value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput label={t('events.speakerTitle')} value={d.title} onChange={(e) => set({ title: e.currentTarget.value })} />
            <TextInput label={t('events.company')} value={d.company} onChange={(e) => set({ company: e.currentTarget.value })} />
          </Group>
          <Textarea label={t('events.bio')} autosize value={d.bio} onChange={(e) => set({ bio: e.currentTarget.value })} />
          <ImageField label={t('events.photo')} value={d.photo} onChange={(photo) => set({ photo })} />
          <FormButtons editing={!!speaker} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

function Speakers({ eventId, speakers, onChange }: { eventId: string; speakers: ConsoleEventSpeakerFragment[]; onChange: () => void }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<ConsoleEventSpeakerFragment | 'new' | null>(null);
  const [removed, remove] = useMutation(ConsoleDeleteEventSpeakerDocument);
  const done = () => {
    setEditing(null);
    onChange();
  };
  return (
    <Section title={t('events.speakers')}>
      <ErrorNote error={removed.error} />
      <ListTable headers={[t('catalogue.name'), t('events.company'), t('common.actions')]} count={speakers.length}>
        {speakers.map((s) => (
          <Table.Tr key={s.id}>
            <NameCell name={s.name} sub={s.title} />
            <Table.Td>{s.company}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: `${t('plans.editButton')} ${s.name}`, onClick: () => setEditing(s) }}
                remove={{
                  label: `${t('common.delete')} ${s.name}`,
                  question: t('events.deleteSpeakerConfirm', { name: s.name }),
                  onConfirm: () => void remove({ id: s.id }).then((r) => !r.error && onChange()),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing ? (
        <SpeakerForm key={editing === 'new' ? 'new' : editing.id} eventId={eventId} speaker={editing === 'new' ? null : editing} onDone={done} />
      ) : (
        <Button mt="sm" variant="default" onClick={() => setEditing('new')}>
          {t('events.newSpeaker')}
        </Button>
      )}
    </Section>
  );
}

interface SessionDraft {
  title: string;
  description: string;
  starts: string;
  ends: string;
  room: string;
  track: string;
  speakers: string[];
}

function SessionForm(props: { eventId: string; zone: string; session: EventSession | null; speakers: ConsoleEventSpeakerFragment[]; onDone: () => void }) {
  const { eventId, zone, session, speakers, onDone } = props;
  const { t } = useI18n();
  const draft = useDraft<SessionDraft>(
    () => ({
      title: session?.title ?? '',
      description: session?.description ?? '',
      starts: wallTime(session?.starts_at),
      ends: wallTime(session?.ends_at),
      room: session?.room ?? '',
      track: session?.track ?? '',
      speakers: session?.speakers.map((s) => s.id) ?? [],
    }),
    (d) => {
      const out = timeProblems(zone, d.starts, d.ends, true);
      if (!d.title.trim()) out.title = 'events.titleRequired';
      return out;
    },
  );
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateEventSessionDocument);
  const [updated, update] = useMutation(ConsoleUpdateEventSessionDocument);
  const heading = session ? t('events.editSession', { title: session.title }) : t('events.newSession');
  const submit = () => {
    const input = {
      title: d.title.trim(),
      description: orNull(d.description),
      starts_at: zonedInstant(d.starts, zone)!,
      ends_at: zonedInstant(d.ends, zone)!,
      room: orNull(d.room),
      track: orNull(d.track),
      speaker_ids: d.speakers,
    };
    const run = session ? update({ id: session.id, input }) : create({ event_id: eventId, input });
    void run.then((r) => !r.error && onDone());
  };
  return (
    <Card withBorder component="section" aria-label={heading} my="md">
      <form noValidate onSubmit={draft.onSubmit(submit)}>
        <Stack>
          <Title order={4} size="h5">
            {heading}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <TextInput label={t('common.title')} required value={d.title} error={err('title')} onChange={(e) => set({ title: e.currentTarget.value })} />
          <Textarea label={t('product.description')} autosize value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
          <Group grow align="start">
            <TextInput
              type="datetime-local"
              label={t('events.starts')}
              required
              value={d.starts}
              error={err('starts')}
              onChange={(e) => set({ starts: e.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={t('events.ends')}
              required
              value={d.ends}
              error={err('ends')}
              onChange={(e) => set({ ends: e.currentTarget.value })}
            />
            <TextInput label={t('events.room')} value={d.room} onChange={(e) => set({ room: e.currentTarget.value })} />
            <TextInput label={t('events.track')} value={d.track} onChange={(e) => set({ track: e.currentTarget.value })} />
          </Group>
          {speakers.length > 0 && (
            <Checkbox.Group label={t('events.speakers')} value={d.speakers} onChange={(ids) => set({ speakers: ids })}>
              <Group mt="xs">
                {speakers.map((s) => (
                  <Checkbox key={s.id} value={s.id} label={s.name} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <FormButtons editing={!!session} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

function Sessions(props: { eventId: string; zone: string; sessions: EventSession[]; speakers: ConsoleEventSpeakerFragment[]; onChange: () => void }) {
  const { eventId, zone, sessions, speakers, onChange } = props;
  const { t } = useI18n();
  const at = useZonedTime();
  const [editing, setEditing] = useState<EventSession | 'new' | null>(null);
  const [removed, remove] = useMutation(ConsoleDeleteEventSessionDocument);
  const done = () => {
    setEditing(null);
    onChange();
  };
  return (
    <Section title={t('events.sessions')}>
      <ErrorNote error={removed.error} />
      <ListTable headers={[t('common.title'), t('events.starts'), t('events.room'), t('events.speakers'), t('common.actions')]} count={sessions.length}>
        {sessions.map((s) => (
          <Table.Tr key={s.id}>
            <NameCell name={s.title} sub={s.track} />
            <Table.Td>{at(s.starts_at, zone)}</Table.Td>
            <Table.Td>{s.room}</Table.Td>
            <Table.Td>{s.speakers.map((x) => x.name).join(', ')}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: `${t('plans.editButton')} ${s.title}`, onClick: () => setEditing(s) }}
                remove={{
                  label: `${t('common.delete')} ${s.title}`,
                  question: t('events.deleteSessionConfirm', { title: s.title }),
                  onConfirm: () => void remove({ id: s.id }).then((r) => !r.error && onChange()),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing ? (
        <SessionForm
          key={editing === 'new' ? 'new' : editing.id}
          eventId={eventId}
          zone={zone}
          session={editing === 'new' ? null : editing}
          speakers={speakers}
          onDone={done}
        />
      ) : (
        <Button mt="sm" variant="default" onClick={() => setEditing('new')}>
          {t('events.newSession')}
        </Button>
      )}
    </Section>
  );
}

/** An event (`id`) or a new one (null): its fields; once created its tickets, speakers, sessions, registrations, publish, cancel, delete and Translate. */
export default function EventEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleEventDocument,
    variables: { id: id ?? '' },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const [published, publish] = useMutation(ConsolePublishEventDocument);
  const [canceled, cancel] = useMutation(ConsoleCancelEventDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteEventDocument);
  const reread = () => refetch({ requestPolicy: 'network-only' });
  if (!id)
    return (
      <>
        <PageHeader title={t('events.new')} />
        <EventForm event={null} onSaved={() => undefined} />
      </>
    );
  const e = data?.adminEvent;
  const registrations = data?.adminEventRegistrations.count ?? 0;
  return (
    <Loading fetching={fetching} error={error}>
      {e && data && (
        <>
          <PageHeader title={e.title}>
            <StatusBadge status={e.status} />
            {e.status === 'draft' && (
              <Button loading={published.fetching} onClick={() => void publish({ id }).then(reread)}>
                {t('content.publish')}
              </Button>
            )}
            {e.status !== 'canceled' && (
              <Button
                variant="outline"
                color="red.9"
                loading={canceled.fetching}
                onClick={() => window.confirm(t('events.cancelConfirm', { count: registrations })) && void cancel({ id }).then(reread)}
              >
                {t('events.cancelEvent')}
              </Button>
            )}
            <Button
              variant="outline"
              color="red.9"
              loading={deleted.fetching}
              onClick={() => window.confirm(t('events.deleteConfirm')) && void remove({ id }).then((r) => !r.error && navigate('/events'))}
            >
              {t('common.delete')}
            </Button>
          </PageHeader>
          <ErrorNote error={published.error ?? canceled.error ?? deleted.error} />
          <Text size="sm" mb="md">
            <Link to="/events">{t('events.back')}</Link>
            {e.status === 'published' && ` · ${t('events.onStorefront', { slug: e.slug })}`}
          </Text>
          <Stack>
            <EventForm key={e.id} event={e} onSaved={reread} />
            <Tickets eventId={e.id} zone={e.time_zone} tickets={data.adminEventTickets} onChange={reread} />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <Speakers eventId={e.id} speakers={e.speakers} onChange={reread} />
              <Sessions eventId={e.id} zone={e.time_zone} sessions={e.sessions} speakers={e.speakers} onChange={reread} />
            </SimpleGrid>
            <Section title={t('events.registrations')}>
              <Text size="sm">
                {t('events.registrationCount', { count: registrations })}{' '}
                <Anchor component={Link} to="/bookings">
                  {t('events.openCalendar')}
                </Anchor>
              </Text>
            </Section>
          </Stack>
          <TranslateCard resourceType="event" resourceId={e.id} />
        </>
      )}
    </Loading>
  );
}
