import { useState } from 'react';
import { Button, Checkbox, Group, SegmentedControl, Table, Tabs, Text } from '@mantine/core';
import { useClient, useQuery, type AnyVariables, type TypedDocumentNode } from 'urql';
import {
  ConsoleApproveCommentDocument,
  ConsoleApproveReviewDocument,
  ConsoleApproveTourReviewDocument,
  ConsoleCommentsDocument,
  ConsoleRejectCommentDocument,
  ConsoleRejectReviewDocument,
  ConsoleRejectTourReviewDocument,
  ConsoleReviewsDocument,
  ConsoleTourReviewsDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';

interface Row {
  id: string;
  author: string;
  text: string;
  extra?: string;
  status: string;
  created_at: string;
}

type Decision = TypedDocumentNode<unknown, { id: string } & AnyVariables>;

/** A queue with bulk approve / reject of the selected rows (one mutation per row, as the API takes them). */
function Queue({ rows, approve, reject, onDone }: { rows: Row[]; approve: Decision; reject: Decision; onDone: () => void }) {
  const { t, date } = useI18n();
  const client = useClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const decide = async (doc: Decision) => {
    setBusy(true);
    setError(null);
    try {
      for (const id of selected) {
        const r = await client.mutation(doc, { id }).toPromise();
        if (r.error) throw r.error;
      }
      setSelected([]);
      onDone();
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const all = rows.length > 0 && selected.length === rows.length;
  return (
    <>
      <ErrorNote error={error} />
      <Group mb="sm">
        <Button disabled={!selected.length} loading={busy} onClick={() => void decide(approve)}>
          {t('moderation.approve')} ({selected.length})
        </Button>
        <Button color="red" variant="outline" disabled={!selected.length} loading={busy} onClick={() => void decide(reject)}>
          {t('moderation.reject')} ({selected.length})
        </Button>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('moderation.selectAll')}
                checked={all}
                indeterminate={selected.length > 0 && !all}
                onChange={() => setSelected(all ? [] : rows.map((r) => r.id))}
              />
            </Table.Th>
            <Table.Th>{t('moderation.author')}</Table.Th>
            <Table.Th>{t('moderation.text')}</Table.Th>
            <Table.Th>{t('common.status')}</Table.Th>
            <Table.Th>{t('common.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`${r.author}: ${r.text.slice(0, 40)}`}
                  checked={selected.includes(r.id)}
                  onChange={(e) => setSelected(e.currentTarget.checked ? [...selected, r.id] : selected.filter((x) => x !== r.id))}
                />
              </Table.Td>
              <Table.Td>{r.author}</Table.Td>
              <Table.Td>
                {r.extra && (
                  <Text size="sm" fw={600}>
                    {r.extra}
                  </Text>
                )}
                <Text size="sm">{r.text}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>{date(r.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <Text mt="md">{t('common.none')}</Text>}
    </>
  );
}

/** a product's or a tour's review as a queue row: its stars and title above the text */
const reviewRow = (r: {
  id: string;
  author_name: string;
  content: string;
  rating: number;
  title?: string | null;
  status: string;
  created_at: string;
}): Row => ({
  id: r.id,
  author: r.author_name,
  text: r.content,
  extra: `${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)} ${r.title ?? ''}`,
  status: r.status,
  created_at: r.created_at,
});

export default function Moderation() {
  const { t } = useI18n();
  const [status, setStatus] = useState('pending');
  const [reviews, refetchReviews] = useQuery({ query: ConsoleReviewsDocument, variables: { status } });
  const [comments, refetchComments] = useQuery({ query: ConsoleCommentsDocument, variables: { status } });
  const [tourReviews, refetchTourReviews] = useQuery({ query: ConsoleTourReviewsDocument, variables: { status } });
  const statusLabels = { pending: t('moderation.pending'), approved: t('moderation.approved'), rejected: t('moderation.rejected') };
  return (
    <>
      <PageHeader title={t('nav.moderation')}>
        <SegmentedControl value={status} onChange={setStatus} data={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))} />
      </PageHeader>
      <Tabs defaultValue="reviews">
        <Tabs.List mb="md">
          <Tabs.Tab value="reviews">
            {t('moderation.reviews')} ({reviews.data?.adminProductReviews.count ?? '…'})
          </Tabs.Tab>
          <Tabs.Tab value="tour-reviews">
            {t('moderation.tourReviews')} ({tourReviews.data?.adminTourReviews.count ?? '…'})
          </Tabs.Tab>
          <Tabs.Tab value="comments">
            {t('moderation.comments')} ({comments.data?.adminBlogComments.count ?? '…'})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reviews">
          <Loading fetching={reviews.fetching} error={reviews.error}>
            <Queue
              rows={(reviews.data?.adminProductReviews.items ?? []).map(reviewRow)}
              approve={ConsoleApproveReviewDocument as Decision}
              reject={ConsoleRejectReviewDocument as Decision}
              onDone={() => refetchReviews({ requestPolicy: 'network-only' })}
            />
          </Loading>
        </Tabs.Panel>
        <Tabs.Panel value="tour-reviews">
          <Loading fetching={tourReviews.fetching} error={tourReviews.error}>
            <Queue
              rows={(tourReviews.data?.adminTourReviews.items ?? []).map(reviewRow)}
              approve={ConsoleApproveTourReviewDocument as Decision}
              reject={ConsoleRejectTourReviewDocument as Decision}
              onDone={() => refetchTourReviews({ requestPolicy: 'network-only' })}
            />
          </Loading>
        </Tabs.Panel>
        <Tabs.Panel value="comments">
          <Loading fetching={comments.fetching} error={comments.error}>
            <Queue
              rows={(comments.data?.adminBlogComments.items ?? []).map((c) => ({
                id: c.id,
                author: c.author_name,
                text: c.body,
                status: c.status,
                created_at: c.created_at,
              }))}
              approve={ConsoleApproveCommentDocument as Decision}
              reject={ConsoleRejectCommentDocument as Decision}
              onDone={() => refetchComments({ requestPolicy: 'network-only' })}
            />
          </Loading>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
