import { useState } from 'react';
import { Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleListSubscribersDocument,
  ConsoleMailingListsDocument,
  ConsoleRemoveSubscriberDocument,
  ConsoleUnsubscribeSubscriberDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ConfirmButton, ErrorNote, ListTable, Loading, NameCell, PageHeader, RowActions, SearchBox, StatusBadge, StatusFilter } from '../ui';
import { MarketingNav } from './marketing-nav';

const PAGE = 25;

/** A mailing list's members, newest first: search by address or first name, filter by status, unsubscribe or remove one. */
export default function MarketingList({ id }: { id: string }) {
  const { t, date, number } = useI18n();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPage] = useState(1);
  const [lists, rereadLists] = useQuery({ query: ConsoleMailingListsDocument, requestPolicy: 'cache-and-network' });
  const [{ data, fetching, error }, reread] = useQuery({
    query: ConsoleListSubscribersDocument,
    variables: { listId: id, q: q.trim() || undefined, status: status || undefined, offset: (pageNo - 1) * PAGE },
    requestPolicy: 'cache-and-network',
  });
  const [unsubscribed, unsubscribe] = useMutation(ConsoleUnsubscribeSubscriberDocument);
  const [removed, remove] = useMutation(ConsoleRemoveSubscriberDocument);
  const list = lists.data?.mailingLists.find((l) => l.id === id);
  // the members and the list's count of subscribed ones, read again after a change
  const again = () => {
    reread({ requestPolicy: 'network-only' });
    rereadLists({ requestPolicy: 'network-only' });
  };
  const members = data?.mailingListSubscribers;
  return (
    <>
      <PageHeader title={list ? t('email.listTitle', { name: list.name }) : t('email.lists')}>
        <SearchBox
          label={t('email.searchMembers')}
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <StatusFilter
          value={status}
          statuses={['subscribed', 'pending', 'unsubscribed']}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
      </PageHeader>
      <MarketingNav />
      <Group mb="md" gap="md">
        <Link to="/marketing/email">{t('email.backToLists')}</Link>
        {list && (
          <Text size="sm">
            {t('email.subscribedNow', { n: number(list.subscribed_count) })} · {list.handle}
          </Text>
        )}
      </Group>
      <ErrorNote error={unsubscribed.error ?? removed.error} />
      <Loading fetching={fetching} error={error}>
        {members && (
          <ListTable
            headers={[t('signin.email'), t('common.status'), t('email.source'), t('email.joined'), t('common.actions')]}
            count={members.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {members.items.map((m) => (
              <Table.Tr key={m.id}>
                <NameCell name={m.email} sub={m.first_name} />
                <Table.Td>
                  <StatusBadge status={m.status} />
                  {m.unsubscribed_at && (
                    <Text size="xs" c="gray.7">
                      {date(m.unsubscribed_at)}
                      {m.unsubscribe_reason ? ` · ${m.unsubscribe_reason}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{m.source}</Table.Td>
                <Table.Td>{date(m.created_at)}</Table.Td>
                <Table.Td>
                  <RowActions
                    remove={{
                      label: t('email.removeOne', { email: m.email }),
                      question: t('email.removeConfirm', { email: m.email }),
                      onConfirm: () => void remove({ id: m.id }).then(again),
                      text: t('email.remove'),
                    }}
                  >
                    {m.status !== 'unsubscribed' && (
                      <ConfirmButton
                        variant="default"
                        color="gray"
                        label={t('email.unsubscribeOne', { email: m.email })}
                        question={t('email.unsubscribeConfirm', { email: m.email })}
                        onConfirm={() => void unsubscribe({ id: m.id }).then(again)}
                      >
                        {t('email.unsubscribe')}
                      </ConfirmButton>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
