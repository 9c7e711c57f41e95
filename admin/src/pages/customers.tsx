import { useState } from 'react';
import { Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleCustomersDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ListTable, Loading, PageHeader, SearchBox } from '../ui';
import { VerifiedBadge, customerName } from './customer-detail';

const PAGE = 25;

/** The store's customers, newest first: search by name or email, each linking to the customer's page. */
export default function Customers() {
  const { t, date } = useI18n();
  const [q, setQ] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleCustomersDocument,
    variables: { q: q.trim() || undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const list = data?.adminCustomers;
  return (
    <>
      <PageHeader title={t('nav.customers')}>
        <SearchBox
          label={t('customers.search')}
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <ListTable
            headers={[t('customers.name'), t('customers.email'), t('customers.emailStatus'), t('common.created')]}
            count={list.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {list.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Link to={`/customers/${c.id}`}>{customerName(c)}</Link>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email}</Table.Td>
                <Table.Td>
                  <VerifiedBadge verified={c.email_verified} />
                </Table.Td>
                <Table.Td>{date(c.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
