import { useState } from 'react';
import { NativeSelect, Pagination, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleOrdersDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { Loading, PageHeader, StatusBadge } from '../ui';

const PAGE = 25;

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
        <NativeSelect
          aria-label={t('common.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value);
            setPage(1);
          }}
          data={[{ value: '', label: t('common.all') }, 'pending', 'completed', 'canceled', 'requires_action']}
        />
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.number')}</Table.Th>
                  <Table.Th>{t('orders.customer')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('orders.payment')}</Table.Th>
                  <Table.Th>{t('orders.fulfilment')}</Table.Th>
                  <Table.Th>{t('orders.total')}</Table.Th>
                  <Table.Th>{t('orders.placed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
            {list.count === 0 && <Text mt="md">{t('common.none')}</Text>}
            {list.count > PAGE && (
              <Pagination
                mt="md"
                total={Math.ceil(list.count / PAGE)}
                value={pageNo}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': control })}
              />
            )}
          </>
        )}
      </Loading>
    </>
  );
}
