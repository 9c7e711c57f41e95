import { useState } from 'react';
import { Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleOrdersDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ListTable, Loading, PageHeader, StatusBadge, StatusFilter } from '../ui';

const PAGE = 25;
const ORDER_STATUSES = ['pending', 'completed', 'canceled', 'requires_action'];

export default function Orders() {
  const { t, date, money } = useI18n();
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleOrdersDocument,
    variables: { status: status ? [status] : undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const list = data?.adminOrders;
  return (
    <>
      <PageHeader title={t('nav.orders')}>
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
        {list && (
          <>
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
              count={list.count}
              paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
            >
              {list.items.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Link to={`/orders/${o.id}`}>#{o.display_id}</Link>
                  </Table.Td>
                  <Table.Td>{o.email ?? '–'}</Table.Td>
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
          </>
        )}
      </Loading>
    </>
  );
}
