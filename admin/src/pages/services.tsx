import { Button, Table } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleBookableServicesDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link, navigate } from '../router';
import { ListTable, Loading, NameCell, PageHeader, StatusBadge } from '../ui';

/** The store's bookable services, unpublished ones too: slot and buffer, places per slot, time zone, each linking to its page. */
export default function Services() {
  const { t } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleBookableServicesDocument, requestPolicy: 'cache-and-network' });
  const list = data?.bookableServices;
  return (
    <>
      <PageHeader title={t('nav.services')}>
        <Button onClick={() => navigate('/services/new')}>{t('services.new')}</Button>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {list && (
          <ListTable
            headers={[t('catalogue.name'), t('services.slot'), t('services.placesPerSlot'), t('events.timeZone'), t('common.status')]}
            count={list.length}
          >
            {list.map((s) => (
              <Table.Tr key={s.id}>
                <NameCell name={<Link to={`/services/${s.id}`}>{s.name}</Link>} sub={s.handle} />
                <Table.Td>{t('services.slotOf', { slot: s.slot_minutes, buffer: s.buffer_minutes })}</Table.Td>
                <Table.Td>{s.capacity}</Table.Td>
                <Table.Td>{s.time_zone}</Table.Td>
                <Table.Td>
                  <StatusBadge status={s.published ? 'published' : 'draft'} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
