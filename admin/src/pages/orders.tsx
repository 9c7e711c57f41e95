import { useState } from 'react';
import { Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleOrdersDocument, type ConsoleOrderRowFragment } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ListTable, Loading, PageHeader, SearchBox, StatusBadge, StatusFilter } from '../ui';

const PAGE = 25;
const ORDER_STATUSES = ['pending', 'completed', 'canceled', 'requires_action'];

/** A page of orders as a table, each number linking to the order's page (the orders page, a customer's page). */
export function OrderTable(props: {
  list: { count: number; items: ConsoleOrderRowFragment[] };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t, date, money } = useI18n();
  return (
    <ListTable
      headers={[
        t('orders.number'),
        t('orders.customer'),
        t('common.status'),
        t('orders.payment'),
        t('orders.fulfilment'),
        t('orders.total'),
        t('orders.placed'),
      ]}
      count={props.list.count}
      paging={{ page: props.page, pageSize: props.pageSize, onPage: props.onPage }}
    >
      {props.list.items.map((o) => (
        <Table.Tr key={o.id}>
          <Table.Td>
            <Link to={`/orders/${o.id}`}>#{o.display_id}</Link>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.email ?? '–'}</Table.Td>
          <Table.Td>
            <StatusBadge status={o.status} />
          </Table.Td>
          <Table.Td>
            <StatusBadge status={o.payment_status} />
          </Table.Td>
          <Table.Td>
            <StatusBadge status={o.fulfillment_status} />
          </Table.Td>
          <Table.Td>{money(o.total, o.currency_code)}</Table.Td>
          <Table.Td>{date(o.created_at)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The store's orders: search by number or email, filter by status. */
export default function Orders() {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleOrdersDocument,
    variables: { q: q.trim() || undefined, status: status ? [status] : undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const list = data?.adminOrders;
  return (
    <>
      <PageHeader title={t('nav.orders')}>
        <SearchBox
          label={t('orders.search')}
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <StatusFilter
          value={status}
          statuses={ORDER_STATUSES}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && <OrderTable list={list} page={pageNo} pageSize={PAGE} onPage={setPage} />}
      </Loading>
    </>
  );
}
