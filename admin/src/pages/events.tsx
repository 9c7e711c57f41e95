import { useState } from 'react';
import { Button, Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleEventSeatsDocument, ConsoleEventsDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { useZonedTime } from '../offer-fields';
import { Link, navigate } from '../router';
import { ListTable, Loading, NameCell, PageHeader, StatusBadge, StatusFilter } from '../ui';

const PAGE = 20;

/** An event's seats: sold of the capacity of its ticket types. */
function SeatsCell({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const [{ data }] = useQuery({ query: ConsoleEventSeatsDocument, variables: { event_id: eventId } });
  const tickets = data?.adminEventTickets;
  return (
    <Table.Td>
      {tickets ? t('events.seats', { sold: tickets.reduce((n, x) => n + x.sold, 0), capacity: tickets.reduce((n, x) => n + x.capacity, 0) }) : '…'}
    </Table.Td>
  );
}

/** The store's events, drafts too: status, dates, venue and seats sold, each linking to its page. */
export default function Events() {
  const { t } = useI18n();
  const at = useZonedTime();
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleEventsDocument,
    variables: { status: status || undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
    requestPolicy: 'cache-and-network',
  });
  const list = data?.adminEvents;
  return (
    <>
      <PageHeader title={t('nav.events')}>
        <StatusFilter
          value={status}
          statuses={['draft', 'published', 'canceled']}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <Button onClick={() => navigate('/events/new')}>{t('events.new')}</Button>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <ListTable
            headers={[t('common.title'), t('events.starts'), t('events.ends'), t('events.venue'), t('events.seatsSold'), t('common.status')]}
            count={list.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {list.items.map((e) => (
              <Table.Tr key={e.id}>
                <NameCell name={<Link to={`/events/${e.id}`}>{e.title}</Link>} sub={e.slug} />
                <Table.Td>{at(e.starts_at, e.time_zone)}</Table.Td>
                <Table.Td>{at(e.ends_at, e.time_zone)}</Table.Td>
                <Table.Td>{e.venue ? [e.venue.name, e.venue.city].filter(Boolean).join(', ') : t('events.online')}</Table.Td>
                <SeatsCell eventId={e.id} />
                <Table.Td>
                  <StatusBadge status={e.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
