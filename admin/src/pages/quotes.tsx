import { useState } from 'react';
import { Button, Table } from '@mantine/core';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { ConsoleQuotesDocument, ConsoleSetQuoteStatusDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { QuoteMoves } from '../quote-moves';
import { Link } from '../router';
import { ErrorNote, ListTable, Loading, NameCell, PageHeader, StatusBadge, StatusFilter } from '../ui';

const PAGE = 25;
const STATUSES = ['new', 'sent', 'accepted', 'declined', 'expired'];
/** The store's quote requests: filter by status, move a quote to its next status. */
export default function Quotes() {
  const { t, day, money } = useI18n();
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleQuotesDocument,
    variables: { status: status || undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const [changed, change] = useMutation(ConsoleSetQuoteStatusDocument);
  const [failure, setFailure] = useState<CombinedError | null>(null);
  /** moves a quote on: the error is shown until the next change, and the list is read again either way */
  const move = (id: string, to: string) =>
    void change({ id, status: to }).then((r) => {
      setFailure(r.error ?? null);
      refetch({ requestPolicy: 'network-only' });
    });
  const list = data?.adminQuotes;
  return (
    <>
      <PageHeader title={t('nav.quotes')}>
        <Button component={Link} to="/quotes/settings" variant="default">
          {t('quoteSettings.title')}
        </Button>
        <StatusFilter
          value={status}
          statuses={STATUSES}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </PageHeader>
      <ErrorNote error={failure} />
      <Loading fetching={fetching} error={error}>
        {list && (
          <>
            <ListTable
              headers={[
                t('quotes.number'),
                t('orders.customer'),
                t('signin.email'),
                t('quotes.estimate'),
                t('common.status'),
                t('quotes.validUntil'),
                t('common.actions'),
              ]}
              count={list.count}
              paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
            >
              {list.items.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Link to={`/quotes/${q.id}`}>{q.number}</Link>
                  </Table.Td>
                  <NameCell name={q.name} sub={q.company} />
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{q.email}</Table.Td>
                  <Table.Td>{money(q.estimate, q.currency_code)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={q.status} />
                  </Table.Td>
                  <Table.Td>{day(q.valid_until)}</Table.Td>
                  <Table.Td>
                    <QuoteMoves quote={q} busy={changed.fetching} onMove={(to) => move(q.id, to)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </Loading>
    </>
  );
}
