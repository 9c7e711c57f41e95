import { useState } from 'react';
import { Button, Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleFormsDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link, navigate } from '../router';
import { ListTable, Loading, NameCell, PageHeader, SearchBox, StatusBadge, StatusFilter } from '../ui';

const PAGE = 25;

/** The store's forms, newest first: search by title or slug, active or inactive, each linking to its page. */
export default function Forms() {
  const { t, date } = useI18n();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleFormsDocument,
    variables: { q: q.trim() || undefined, status: status || undefined, offset: (pageNo - 1) * PAGE },
  });
  const list = data?.adminForms;
  return (
    <>
      <PageHeader title={t('nav.forms')}>
        <SearchBox
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <StatusFilter
          value={status}
          statuses={['active', 'inactive']}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <Button onClick={() => navigate('/forms/new')}>{t('forms.new')}</Button>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <ListTable
            headers={[t('common.title'), t('forms.fields'), t('common.status'), t('common.created')]}
            count={list.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {list.items.map((f) => (
              <Table.Tr key={f.id}>
                <NameCell name={<Link to={`/forms/${f.id}`}>{f.title}</Link>} sub={f.is_popup ? `${f.slug} · ${t('forms.popup')}` : f.slug} />
                <Table.Td>{f.fields.map((x) => x.name).join(', ')}</Table.Td>
                <Table.Td>
                  <StatusBadge status={f.status} />
                </Table.Td>
                <Table.Td>{date(f.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
