import { useState } from 'react';
import { Button, Checkbox, Group, Image, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleProductsDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link, navigate } from '../router';
import { ListTable, Loading, PageHeader, SearchBox, StatusBadge } from '../ui';

const PAGE = 20;

export default function Products() {
  const { t, date } = useI18n();
  const [q, setQ] = useState('');
  const [archived, setArchived] = useState(false);
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleProductsDocument,
    variables: { q: q || undefined, status: archived ? ['archived'] : undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const list = data?.adminProducts;
  return (
    <>
      <PageHeader title={t('nav.products')}>
        <Button onClick={() => navigate('/products/new')}>{t('products.new')}</Button>
      </PageHeader>
      <Group mb="md">
        <SearchBox
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <Checkbox label={t('products.archived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
      </Group>
      <Loading fetching={fetching} error={error}>
        {list && (
          <>
            <ListTable
              headers={[
                <VisuallyHidden>{t('product.images')}</VisuallyHidden>,
                t('common.title'),
                t('common.status'),
                t('products.variants'),
                t('products.stock'),
                t('common.created'),
              ]}
              count={list.count}
              paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
            >
              {list.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td w={48}>{p.thumbnail ? <Image src={p.thumbnail} alt="" w={36} h={36} fit="contain" /> : null}</Table.Td>
                  <Table.Td>
                    <Link to={`/products/${p.id}`}>{p.title}</Link>
                    <Text size="xs" c="gray.7">
                      {p.handle}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>{p.variants.length}</Table.Td>
                  <Table.Td>{p.variants.reduce((n, v) => n + v.inventory_quantity, 0)}</Table.Td>
                  <Table.Td>{date(p.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </Loading>
    </>
  );
}
