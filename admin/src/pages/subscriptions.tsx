import { useState } from 'react';
import { Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { useMutation, useQuery, type CombinedError, type OperationResult } from 'urql';
import {
  ConsoleCancelSubscriptionDocument,
  ConsolePauseSubscriptionDocument,
  ConsoleResumeSubscriptionDocument,
  ConsoleSubscriptionsDocument,
  type ConsoleSubscriptionRowFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ErrorNote, ListTable, Loading, PageHeader, StatusBadge, StatusFilter } from '../ui';

const PAGE = 25;
const STATUSES = ['active', 'paused', 'past_due', 'canceled', 'incomplete'];

/** The store's customer subscriptions: filter by status and plan; pause, resume, cancel at the period end or now. */
export default function Subscriptions() {
  const { t, date, money } = useI18n();
  const [status, setStatus] = useState('');
  const [plan, setPlan] = useState('');
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleSubscriptionsDocument,
    variables: { status: status ? [status] : undefined, plan: plan || undefined, limit: PAGE, offset: (pageNo - 1) * PAGE },
  });
  const [paused, pause] = useMutation(ConsolePauseSubscriptionDocument);
  const [resumed, resume] = useMutation(ConsoleResumeSubscriptionDocument);
  const [canceled, cancel] = useMutation(ConsoleCancelSubscriptionDocument);
  const [failure, setFailure] = useState<CombinedError | null>(null);
  const busy = paused.fetching || resumed.fetching || canceled.fetching;
  /** runs an action: its error is shown until the next action, and the list is read again either way */
  const act = (run: () => Promise<OperationResult | null>) =>
    void run().then((r) => {
      if (!r) return;
      setFailure(r.error ?? null);
      refetch({ requestPolicy: 'network-only' });
    });
  const list = data?.adminSubscriptions;

  /** the actions a subscription's status allows; the two cancels ask first (neither can be undone here) */
  const actions = (s: ConsoleSubscriptionRowFragment) => {
    const who = s.email ?? s.customer_id;
    const button = (label: string, run: () => Promise<OperationResult | null>, danger = false) => (
      <Button
        key={label}
        size="xs"
        variant={danger ? 'outline' : 'default'}
        color={danger ? 'red.9' : undefined}
        aria-label={`${label} ${who}`}
        disabled={busy}
        onClick={() => act(run)}
      >
        {label}
      </Button>
    );
    const confirmed = (question: string, run: () => Promise<OperationResult>) => () => (confirm(question) ? run() : Promise.resolve(null));
    return [
      s.status === 'active' && button(t('subscriptions.pause'), () => pause({ id: s.id })),
      s.status === 'paused' && button(t('subscriptions.resume'), () => resume({ id: s.id })),
      (s.status === 'active' || s.status === 'paused') &&
        !s.cancel_at_period_end &&
        button(
          t('subscriptions.cancelAtEnd'),
          confirmed(t('subscriptions.cancelAtEndConfirm', { date: date(s.current_period_end) }), () => cancel({ id: s.id, atPeriodEnd: true })),
          true,
        ),
      s.status !== 'canceled' &&
        button(
          t('subscriptions.cancelNow'),
          confirmed(t('subscriptions.cancelNowConfirm'), () => cancel({ id: s.id, atPeriodEnd: false })),
          true,
        ),
    ];
  };

  return (
    <>
      <PageHeader title={t('nav.subscriptions')}>
        <Button component={Link} to="/subscriptions/plans" variant="default">
          {t('plans.title')}
        </Button>
        <NativeSelect
          aria-label={t('subscriptions.plan')}
          value={plan}
          onChange={(e) => {
            setPlan(e.currentTarget.value);
            setPage(1);
          }}
          data={[{ value: '', label: t('subscriptions.allPlans') }, ...(data?.adminSubscriptionPlans ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        />
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
                t('orders.customer'),
                t('subscriptions.plan'),
                t('common.status'),
                t('subscriptions.amount'),
                t('subscriptions.nextRenewal'),
                t('subscriptions.periodEnd'),
                t('common.actions'),
              ]}
              count={list.count}
              paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
            >
              {list.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Link to={`/subscriptions/${s.id}`}>{s.email ?? s.customer_id}</Link>
                  </Table.Td>
                  <Table.Td>{s.plan?.name ?? '–'}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={s.status} />
                    {s.cancel_at_period_end && s.status !== 'canceled' && (
                      <Text size="xs" c="red.9">
                        {t('subscriptions.endsAtPeriodEnd')}
                      </Text>
                    )}
                    {s.status === 'paused' && (
                      <Text size="xs" c="gray.7">
                        {t('subscriptions.pausedSince', { date: date(s.paused_at) })}
                      </Text>
                    )}
                    {s.status === 'canceled' && (
                      <Text size="xs" c="gray.7">
                        {date(s.canceled_at)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{money(s.amount, s.currency_code)}</Table.Td>
                  <Table.Td>{date(s.next_renewal_at)}</Table.Td>
                  <Table.Td>{date(s.current_period_end)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">{actions(s)}</Group>
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
