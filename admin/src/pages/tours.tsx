import { useState } from 'react';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateTourCategoryDocument,
  ConsoleCreateTourDestinationDocument,
  ConsoleDeleteTourCategoryDocument,
  ConsoleDeleteTourDestinationDocument,
  ConsoleTourPlacesDocument,
  ConsoleToursDocument,
  ConsoleUpdateTourCategoryDocument,
  ConsoleUpdateTourDestinationDocument,
  type ConsoleTourCategoryFragment,
  type ConsoleTourDestinationFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ImageField } from '../offer-fields';
import { Link, navigate } from '../router';
import { ErrorNote, FormButtons, ListTable, Loading, NameCell, PageHeader, RowActions, Section, StatusBadge, StatusFilter, useDraft } from '../ui';

const PAGE = 20;
const orNull = (s: string) => s.trim() || null;

interface PlaceDraft {
  name: string;
  slug: string;
  description: string;
  country: string;
  image: string;
  rank: number | string;
}

/** A destination's form (`kind` destination: country and image) or a category's (rank). */
function PlaceForm({
  kind,
  place,
  onDone,
}: {
  kind: 'destination' | 'category';
  place: ConsoleTourDestinationFragment | ConsoleTourCategoryFragment | null;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const draft = useDraft<PlaceDraft>(
    () => ({
      name: place?.name ?? '',
      slug: place?.slug ?? '',
      description: place?.description ?? '',
      country: (place && 'country_code' in place ? place.country_code : '') ?? '',
      image: (place && 'image' in place ? place.image : '') ?? '',
      rank: place && 'rank' in place ? place.rank : 0,
    }),
    (d) => {
      const out: Record<string, MessageKey> = {};
      if (!d.name.trim()) out.name = 'events.nameRequired';
      if (d.country.trim() && !/^[A-Za-z]{2}$/.test(d.country.trim())) out.country = 'events.badCountry';
      return out;
    },
  );
  const { d, set, err } = draft;
  const [destCreated, createDest] = useMutation(ConsoleCreateTourDestinationDocument);
  const [destUpdated, updateDest] = useMutation(ConsoleUpdateTourDestinationDocument);
  const [catCreated, createCat] = useMutation(ConsoleCreateTourCategoryDocument);
  const [catUpdated, updateCat] = useMutation(ConsoleUpdateTourCategoryDocument);
  const heading = place
    ? t(kind === 'destination' ? 'tours.editDestination' : 'tours.editCategory', { name: place.name })
    : t(kind === 'destination' ? 'tours.newDestination' : 'tours.newCategory');
  const submit = () => {
    const common = { name: d.name.trim(), slug: orNull(d.slug), description: orNull(d.description) };
    const run =
      kind === 'destination'
        ? place
          ? updateDest({ id: place.id, input: { ...common, slug: common.slug ?? undefined, country_code: orNull(d.country), image: orNull(d.image) } })
          : createDest({ input: { ...common, country_code: orNull(d.country), image: orNull(d.image) } })
        : place
          ? updateCat({ id: place.id, input: { ...common, slug: common.slug ?? undefined, rank: Number(d.rank) || 0 } })
          : createCat({ input: { ...common, rank: Number(d.rank) || 0 } });
    void run.then((r) => !r.error && onDone());
  };
  return (
    <Card withBorder component="section" aria-label={heading} my="md">
      <form noValidate onSubmit={draft.onSubmit(submit)}>
        <Stack>
          <Title order={4} size="h5">
            {heading}
          </Title>
          <ErrorNote error={destCreated.error ?? destUpdated.error ?? catCreated.error ?? catUpdated.error} />
          <Group grow align="start">
            <TextInput label={t('catalogue.name')} required value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput label={t('common.handle')} value={d.slug} onChange={(e) => set({ slug: e.currentTarget.value })} />
            {kind === 'destination' ? (
              <TextInput
                label={t('events.country')}
                maxLength={2}
                value={d.country}
                error={err('country')}
                onChange={(e) => set({ country: e.currentTarget.value })}
              />
            ) : (
              <NumberInput label={t('tours.rank')} min={0} value={d.rank} onChange={(rank) => set({ rank })} />
            )}
          </Group>
          <Textarea label={t('product.description')} autosize value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
          {kind === 'destination' && <ImageField label={t('events.image')} value={d.image} onChange={(image) => set({ image })} />}
          <FormButtons editing={!!place} busy={destCreated.fetching || destUpdated.fetching || catCreated.fetching || catUpdated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The store's destinations or categories: name, handle, published tours; create, edit, delete (a destination with tours is refused). */
function Places<P extends ConsoleTourDestinationFragment | ConsoleTourCategoryFragment>({
  kind,
  places,
  onChange,
}: {
  kind: 'destination' | 'category';
  places: P[];
  onChange: () => void;
}) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<P | 'new' | null>(null);
  const [destRemoved, removeDest] = useMutation(ConsoleDeleteTourDestinationDocument);
  const [catRemoved, removeCat] = useMutation(ConsoleDeleteTourCategoryDocument);
  const done = () => {
    setEditing(null);
    onChange();
  };
  const remove = (p: P) => void (kind === 'destination' ? removeDest({ id: p.id }) : removeCat({ id: p.id })).then((r) => !r.error && onChange());
  return (
    <Section title={t(kind === 'destination' ? 'tours.destinations' : 'tours.categories')}>
      <ErrorNote error={destRemoved.error ?? catRemoved.error} />
      <ListTable headers={[t('catalogue.name'), t('tours.publishedTours'), t('common.actions')]} count={places.length}>
        {places.map((p) => (
          <Table.Tr key={p.id}>
            <NameCell name={p.name} sub={p.slug} />
            <Table.Td>{p.tour_count}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: `${t('plans.editButton')} ${p.name}`, onClick: () => setEditing(p) }}
                remove={{
                  label: `${t('common.delete')} ${p.name}`,
                  question: t(kind === 'destination' ? 'tours.deleteDestinationConfirm' : 'tours.deleteCategoryConfirm', { name: p.name }),
                  onConfirm: () => remove(p),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing ? (
        <PlaceForm key={editing === 'new' ? 'new' : editing.id} kind={kind} place={editing === 'new' ? null : editing} onDone={done} />
      ) : (
        <Button mt="sm" variant="default" onClick={() => setEditing('new')}>
          {t(kind === 'destination' ? 'tours.newDestination' : 'tours.newCategory')}
        </Button>
      )}
    </Section>
  );
}

/** The store's tours, drafts and archived ones too (destination, days, departures and seats sold), and their destinations and categories. */
export default function Tours() {
  const { t, day } = useI18n();
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleToursDocument,
    variables: { status: status || undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
    requestPolicy: 'cache-and-network',
  });
  const [places, rereadPlaces] = useQuery({ query: ConsoleTourPlacesDocument, requestPolicy: 'cache-and-network' });
  const list = data?.adminTours;
  const reread = () => rereadPlaces({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader title={t('nav.tours')}>
        <StatusFilter
          value={status}
          statuses={['draft', 'published', 'archived']}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <Button onClick={() => navigate('/tours/new')}>{t('tours.new')}</Button>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <ListTable
            headers={[t('common.title'), t('tours.destination'), t('tours.days'), t('tours.nextDeparture'), t('events.seatsSold'), t('common.status')]}
            count={list.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {list.items.map((x) => {
              const open = x.departures.filter((d) => d.status === 'open');
              return (
                <Table.Tr key={x.id}>
                  <NameCell name={<Link to={`/tours/${x.id}`}>{x.title}</Link>} sub={x.slug} />
                  <Table.Td>{x.destination.name}</Table.Td>
                  <Table.Td>{x.duration_days}</Table.Td>
                  <Table.Td>{open.length ? day(open.map((d) => d.starts_on).sort()[0]) : '–'}</Table.Td>
                  <Table.Td>
                    {t('events.seats', { sold: x.departures.reduce((n, d) => n + d.seats_sold, 0), capacity: x.departures.reduce((n, d) => n + d.seats, 0) })}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={x.status} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </Loading>
      <Loading fetching={places.fetching} error={places.error}>
        {places.data && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} mt="lg">
            <Places kind="destination" places={places.data.tourDestinations.items} onChange={reread} />
            <Places kind="category" places={places.data.tourCategories} onChange={reread} />
          </SimpleGrid>
        )}
      </Loading>
    </>
  );
}
