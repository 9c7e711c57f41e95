import { useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { TranslateCard } from '../assistant-jobs';
import {
  ConsoleArchiveTourDocument,
  ConsoleCreateTourDepartureDocument,
  ConsoleCreateTourDocument,
  ConsoleDeleteTourDocument,
  ConsolePublishTourDocument,
  ConsoleTourDocument,
  ConsoleTourPlacesDocument,
  ConsoleUpdateTourDepartureDocument,
  ConsoleUpdateTourDocument,
  type ConsoleTourDepartureFragment,
  type ConsoleTourFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ImageField, PriceRows, priceInput, priceProblems, priceRowsOf, type PriceRow } from '../offer-fields';
import { Link, navigate } from '../router';
import { ErrorNote, FormButtons, ListTable, Loading, PageHeader, SavedNote, Section, StatusBadge, useDraft } from '../ui';

const orNull = (s: string) => s.trim() || null;
/** a text area's lines, trimmed, empty ones left out */
const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && +s >= min && +s <= max;

interface DayRow {
  title: string;
  description: string;
  overnight: string;
}
interface TourDraft {
  title: string;
  slug: string;
  summary: string;
  description: string;
  destination: string;
  categories: string[];
  days: string;
  minAge: string;
  maxTravellers: string;
  travellerDetails: boolean;
  highlights: string;
  included: string;
  thumbnail: string;
  images: string;
  itinerary: DayRow[];
}

const draftOf = (x: ConsoleTourFragment | null): TourDraft => ({
  title: x?.title ?? '',
  slug: x?.slug ?? '',
  summary: x?.summary ?? '',
  description: x?.description ?? '',
  destination: x?.destination_id ?? '',
  categories: x?.categories.map((c) => c.id) ?? [],
  days: x ? String(x.duration_days) : '',
  minAge: x?.min_age != null ? String(x.min_age) : '',
  maxTravellers: x?.max_travellers_per_booking != null ? String(x.max_travellers_per_booking) : '',
  travellerDetails: x?.requires_traveller_details ?? false,
  highlights: x?.highlights.join('\n') ?? '',
  included: x?.included.join('\n') ?? '',
  thumbnail: x?.thumbnail ?? '',
  images: x?.images.join('\n') ?? '',
  itinerary: x?.itinerary.map((d) => ({ title: d.title, description: d.description ?? '', overnight: d.overnight ?? '' })) ?? [],
});

function tourProblems(d: TourDraft): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  if (!d.title.trim()) out.title = 'events.titleRequired';
  if (!d.destination) out.destination = 'tours.destinationRequired';
  if (!whole(d.days, 1, 365)) out.days = 'tours.badDays';
  if (d.minAge.trim() && !whole(d.minAge, 0, 120)) out.minAge = 'tours.badAge';
  if (d.maxTravellers.trim() && !whole(d.maxTravellers, 1, 1000)) out.maxTravellers = 'tours.badMaxTravellers';
  d.itinerary.forEach((r, i) => {
    if (!r.title.trim()) out[`day${i}`] = 'events.titleRequired';
  });
  return out;
}

/** The tour's own fields and itinerary (one row per day, numbered in order). */
function TourForm({ tour, onSaved }: { tour: ConsoleTourFragment | null; onSaved: () => void }) {
  const { t } = useI18n();
  const [{ data }] = useQuery({ query: ConsoleTourPlacesDocument });
  const draft = useDraft<TourDraft>(() => draftOf(tour), tourProblems);
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateTourDocument);
  const [updated, update] = useMutation(ConsoleUpdateTourDocument);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<TourDraft>) => {
    setSaved(false);
    set(patch);
  };
  const setDay = (i: number, patch: Partial<DayRow>) => change({ itinerary: d.itinerary.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const submit = () => {
    const input = {
      title: d.title.trim(),
      summary: orNull(d.summary),
      description: orNull(d.description),
      destination_id: d.destination,
      category_ids: d.categories,
      duration_days: +d.days,
      min_age: d.minAge.trim() ? +d.minAge : null,
      max_travellers_per_booking: d.maxTravellers.trim() ? +d.maxTravellers : null,
      requires_traveller_details: d.travellerDetails,
      highlights: lines(d.highlights),
      included: lines(d.included),
      thumbnail: orNull(d.thumbnail),
      images: lines(d.images),
      itinerary: d.itinerary.map((r, i) => ({ day: i + 1, title: r.title.trim(), description: orNull(r.description), overnight: orNull(r.overnight) })),
    };
    if (tour)
      void update({ id: tour.id, input: { ...input, slug: orNull(d.slug) ?? undefined } }).then((r) => {
        if (!r.data) return;
        setSaved(true);
        onSaved();
      });
    else void create({ input: { ...input, slug: orNull(d.slug) } }).then((r) => r.data && navigate(`/tours/${r.data.createTour.id}`));
  };
  const destinations = data?.tourDestinations.items ?? [];
  return (
    <form noValidate onSubmit={draft.onSubmit(submit)}>
      <Stack>
        <ErrorNote error={created.error ?? updated.error} />
        <Section title={t('tours.details')}>
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
            <TextInput label={t('tours.summary')} value={d.summary} onChange={(e) => change({ summary: e.currentTarget.value })} />
            <Textarea
              label={t('product.description')}
              autosize
              minRows={3}
              value={d.description}
              onChange={(e) => change({ description: e.currentTarget.value })}
            />
            <Group grow align="start">
              <NativeSelect
                label={t('tours.destination')}
                required
                value={d.destination}
                error={err('destination')}
                onChange={(e) => change({ destination: e.currentTarget.value })}
                data={[{ value: '', label: t('tours.pickDestination') }, ...destinations.map((x) => ({ value: x.id, label: x.name }))]}
              />
              <TextInput
                label={t('tours.days')}
                required
                inputMode="numeric"
                value={d.days}
                error={err('days')}
                onChange={(e) => change({ days: e.currentTarget.value })}
              />
              <TextInput
                label={t('tours.minAge')}
                inputMode="numeric"
                value={d.minAge}
                error={err('minAge')}
                onChange={(e) => change({ minAge: e.currentTarget.value })}
              />
              <TextInput
                label={t('tours.maxTravellers')}
                inputMode="numeric"
                value={d.maxTravellers}
                error={err('maxTravellers')}
                onChange={(e) => change({ maxTravellers: e.currentTarget.value })}
              />
            </Group>
            {(data?.tourCategories.length ?? 0) > 0 && (
              <Checkbox.Group label={t('tours.categories')} value={d.categories} onChange={(categories) => change({ categories })}>
                <Group mt="xs">
                  {data!.tourCategories.map((c) => (
                    <Checkbox key={c.id} value={c.id} label={c.name} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Checkbox
              label={t('tours.travellerDetails')}
              checked={d.travellerDetails}
              onChange={(e) => change({ travellerDetails: e.currentTarget.checked })}
            />
            <Group grow align="start">
              <Textarea
                label={t('tours.highlights')}
                description={t('tours.oneALine')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                autosize
                minRows={2}
                value={d.highlights}
                onChange={(e) => change({ highlights: e.currentTarget.value })}
              />
              <Textarea
                label={t('tours.included')}
                description={t('tours.oneALine')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                autosize
                minRows={2}
                value={d.included}
                onChange={(e) => change({ included: e.currentTarget.value })}
              />
            </Group>
            <ImageField label={t('events.image')} value={d.thumbnail} onChange={(thumbnail) => change({ thumbnail })} />
            <Textarea
              label={t('tours.images')}
              description={t('tours.oneALine')}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              autosize
              value={d.images}
              onChange={(e) => change({ images: e.currentTarget.value })}
            />
          </Stack>
        </Section>
        <Section title={t('tours.itinerary')}>
          <Stack>
            {d.itinerary.map((r, i) => (
              <Card key={i} withBorder component="section" aria-label={t('tours.day', { day: i + 1 })} p="sm">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{t('tours.day', { day: i + 1 })}</Text>
                  <ActionIcon
                    variant="default"
                    aria-label={t('tours.removeDay', { day: i + 1 })}
                    onClick={() => change({ itinerary: d.itinerary.filter((_, j) => j !== i) })}
                  >
                    ×
                  </ActionIcon>
                </Group>
                <Group grow align="start">
                  <TextInput
                    label={t('tours.dayTitle', { day: i + 1 })}
                    required
                    value={r.title}
                    error={err(`day${i}`)}
                    onChange={(e) => setDay(i, { title: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('tours.overnight', { day: i + 1 })}
                    value={r.overnight}
                    onChange={(e) => setDay(i, { overnight: e.currentTarget.value })}
                  />
                </Group>
                <Textarea
                  mt="xs"
                  label={t('tours.dayDescription', { day: i + 1 })}
                  autosize
                  value={r.description}
                  onChange={(e) => setDay(i, { description: e.currentTarget.value })}
                />
              </Card>
            ))}
            <Group>
              <Button variant="default" size="xs" onClick={() => change({ itinerary: [...d.itinerary, { title: '', description: '', overnight: '' }] })}>
                {t('tours.addDay')}
              </Button>
            </Group>
          </Stack>
        </Section>
        <Group>
          <Button type="submit" loading={created.fetching || updated.fetching}>
            {tour ? t('common.save') : t('common.create')}
          </Button>
          <SavedNote shown={saved} />
        </Group>
      </Stack>
    </form>
  );
}

const DEPARTURE_STATUSES = ['open', 'closed', 'canceled'];

interface DepartureDraft {
  starts: string;
  capacity: string;
  status: string;
  prices: PriceRow[];
}

/** A departure's form: first day, seats, prices per traveller per currency, status. */
function DepartureForm({ tourId, departure, onDone }: { tourId: string; departure: ConsoleTourDepartureFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<DepartureDraft>(
    () => ({
      starts: departure?.starts_on ?? '',
      capacity: departure ? String(departure.seats) : '',
      status: departure?.status ?? 'open',
      prices: departure ? priceRowsOf(departure.prices) : [{ currency: 'eur', amount: '' }],
    }),
    (d) => {
      const out = priceProblems(d.prices);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d.starts)) out.starts = 'tours.badDate';
      if (!whole(d.capacity, 1, 10_000)) out.capacity = 'offers.badCapacity';
      return out;
    },
  );
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreateTourDepartureDocument);
  const [updated, update] = useMutation(ConsoleUpdateTourDepartureDocument);
  const heading = departure ? t('tours.editDeparture', { date: departure.starts_on }) : t('tours.newDeparture');
  const submit = () => {
    const input = { starts_on: d.starts, capacity: +d.capacity, status: d.status, prices: priceInput(d.prices) };
    const run = departure ? update({ id: departure.id, input }) : create({ tour_id: tourId, input });
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
            <TextInput
              type="date"
              label={t('tours.startsOn')}
              required
              value={d.starts}
              error={err('starts')}
              onChange={(e) => set({ starts: e.currentTarget.value })}
            />
            <TextInput
              label={t('tours.seats')}
              required
              inputMode="numeric"
              value={d.capacity}
              error={err('capacity')}
              onChange={(e) => set({ capacity: e.currentTarget.value })}
            />
            <NativeSelect label={t('common.status')} value={d.status} data={DEPARTURE_STATUSES} onChange={(e) => set({ status: e.currentTarget.value })} />
          </Group>
          <PriceRows rows={d.prices} onChange={(prices) => set({ prices })} err={err} />
          <FormButtons editing={!!departure} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

function Departures({ tourId, departures, onChange }: { tourId: string; departures: ConsoleTourDepartureFragment[]; onChange: () => void }) {
  const { t, day, money } = useI18n();
  const [editing, setEditing] = useState<ConsoleTourDepartureFragment | 'new' | null>(null);
  const done = () => {
    setEditing(null);
    onChange();
  };
  return (
    <Section title={t('tours.departures')}>
      <ListTable
        headers={[t('tours.dates'), t('tours.seats'), t('events.sold'), t('tours.remaining'), t('plans.prices'), t('common.status'), t('common.actions')]}
        count={departures.length}
      >
        {departures.map((x) => (
          <Table.Tr key={x.id}>
            <Table.Td>{`${day(x.starts_on)} – ${day(x.ends_on)}`}</Table.Td>
            <Table.Td>{x.seats}</Table.Td>
            <Table.Td>{x.seats_sold}</Table.Td>
            <Table.Td>{x.seats_remaining}</Table.Td>
            <Table.Td>{x.prices.map((p) => money(p.amount, p.currency_code)).join(' · ')}</Table.Td>
            <Table.Td>
              <StatusBadge status={x.status} />
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="default" aria-label={`${t('plans.editButton')} ${x.starts_on}`} onClick={() => setEditing(x)}>
                {t('plans.editButton')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing ? (
        <DepartureForm key={editing === 'new' ? 'new' : editing.id} tourId={tourId} departure={editing === 'new' ? null : editing} onDone={done} />
      ) : (
        <Button mt="sm" variant="default" onClick={() => setEditing('new')}>
          {t('tours.newDeparture')}
        </Button>
      )}
    </Section>
  );
}

/** A tour (`id`) or a new one (null): its fields and itinerary; once created its departures, publish, archive, delete and Translate. */
export default function TourEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleTourDocument, variables: { id: id ?? '' }, pause: !id, requestPolicy: 'network-only' });
  const [published, publish] = useMutation(ConsolePublishTourDocument);
  const [archived, archive] = useMutation(ConsoleArchiveTourDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteTourDocument);
  const reread = () => refetch({ requestPolicy: 'network-only' });
  if (!id)
    return (
      <>
        <PageHeader title={t('tours.new')} />
        <TourForm tour={null} onSaved={() => undefined} />
      </>
    );
  const x = data?.adminTour;
  return (
    <Loading fetching={fetching} error={error}>
      {x && (
        <>
          <PageHeader title={x.title}>
            <StatusBadge status={x.status} />
            {x.status !== 'published' && (
              <Button loading={published.fetching} onClick={() => void publish({ id }).then(reread)}>
                {t('content.publish')}
              </Button>
            )}
            {x.status === 'published' && (
              <Button
                variant="default"
                loading={archived.fetching}
                onClick={() => window.confirm(t('tours.archiveConfirm')) && void archive({ id }).then(reread)}
              >
                {t('tours.archive')}
              </Button>
            )}
            <Button
              variant="outline"
              color="red.9"
              loading={deleted.fetching}
              onClick={() => window.confirm(t('tours.deleteConfirm')) && void remove({ id }).then((r) => !r.error && navigate('/tours'))}
            >
              {t('common.delete')}
            </Button>
          </PageHeader>
          <ErrorNote error={published.error ?? archived.error ?? deleted.error} />
          <Text size="sm" mb="md">
            <Link to="/tours">{t('tours.back')}</Link>
            {x.status === 'published' && ` · ${t('events.onStorefront', { slug: x.slug })}`}
          </Text>
          <Stack>
            <TourForm key={x.id} tour={x} onSaved={reread} />
            <Departures tourId={x.id} departures={x.departures} onChange={reread} />
          </Stack>
          <TranslateCard resourceType="tour" resourceId={x.id} />
        </>
      )}
    </Loading>
  );
}
