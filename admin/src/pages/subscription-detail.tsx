import { SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleSubscriptionDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link } from '../router';
import { Facts, ListTable, Loading, PageHeader, Section, StatusBadge } from '../ui';

const PAYMENT_MODES: Record<string, MessageKey> = { saved_method: 'subscription.savedMethod', invoice: 'subscription.invoice' };

/** One subscription: customer, plan, status, periods, amounts, payment, a refund, its renewals, ledger and events. */
export default function SubscriptionDetail({ id }: { id: string }) {
  const { t, date, money } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleSubscriptionDocument, variables: { id } });
  const s = data?.adminSubscription;
  const h = data?.adminSubscriptionHistory;
  const events: [string | null | undefined, string][] = s
    ? [
        [s.created_at, t('subscription.created')],
        [s.trial_end, t('subscription.trialEnd')],
        [s.paused_at, t('subscriptions.pausedSince', { date: date(s.paused_at) })],
        [s.canceled_at, `${t('subscription.canceled')}${s.cancel_reason ? ` (${s.cancel_reason.replace(/_/g, ' ')})` : ''}`],
      ]
    : [];
  return (
    <Loading fetching={fetching} error={error}>
      {s && h && (
        <>
          <PageHeader title={`${t('subscription.title')}: ${s.email ?? s.customer_id}`}>
            <StatusBadge status={s.status} />
          </PageHeader>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
            <Section title={t('subscription.overview')}>
              <Facts
                rows={[
                  [t('orders.customer'), `${s.email ?? '–'} (${s.customer_id})`],
                  [
                    t('subscriptions.plan'),
                    s.plan
                      ? `${s.plan.name} · ${t('plans.every', { count: s.plan.interval_count, interval: t(`plans.${s.plan.interval}` as MessageKey) })}`
                      : s.plan_id,
                  ],
                  [
                    t('common.status'),
                    `${s.status.replace(/_/g, ' ')}${s.cancel_at_period_end && s.status !== 'canceled' ? ` · ${t('subscriptions.endsAtPeriodEnd')}` : ''}`,
                  ],
                  [t('subscriptions.amount'), money(s.amount, s.currency_code)],
                  [t('subscription.balance'), money(s.balance, s.currency_code)],
                  [t('subscription.period'), `${date(s.current_period_start)} – ${date(s.current_period_end)}`],
                  [t('subscriptions.nextRenewal'), date(s.next_renewal_at)],
                  [t('subscription.cycle'), String(s.cycle)],
                  [t('subscription.failedAttempts'), String(s.failed_attempts)],
                ]}
              />
            </Section>
            <Stack>
              <Section title={t('orders.payment')}>
                <Facts
                  rows={[
                    [t('subscription.paymentMode'), s.payment_mode ? t(PAYMENT_MODES[s.payment_mode] ?? 'subscription.savedMethod') : '–'],
                    [t('subscription.provider'), s.provider_id ?? '–'],
                  ]}
                />
                {s.refund && (
                  <>
                    <Title order={4} size="h5" mt="md">
                      {t('subscription.refund')}
                    </Title>
                    <Facts
                      rows={[
                        [t('subscriptions.amount'), money(s.refund.amount, s.refund.currency_code)],
                        [t('common.status'), s.refund.status],
                        [t('subscription.reference'), s.refund.provider_reference ?? '–'],
                      ]}
                    />
                  </>
                )}
              </Section>
              <Section title={t('subscription.events')}>
                <Timeline bulletSize={12} lineWidth={2}>
                  {events
                    .filter(([at]) => at)
                    .map(([at, what]) => (
                      <Timeline.Item key={what} title={what}>
                        <Text size="xs" c="gray.7">
                          {date(at)}
                        </Text>
                      </Timeline.Item>
                    ))}
                </Timeline>
              </Section>
            </Stack>
          </SimpleGrid>
          <Stack>
            <Section title={t('subscription.renewals')}>
              <ListTable
                headers={[
                  t('subscription.cycle'),
                  t('common.status'),
                  t('subscriptions.amount'),
                  t('subscription.attempt'),
                  t('orders.number'),
                  t('common.created'),
                ]}
                count={h.renewals.length}
              >
                {h.renewals.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.cycle}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.state} />
                      {r.last_error && (
                        <Text size="xs" c="red.9">
                          {r.last_error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{money(r.amount, s.currency_code)}</Table.Td>
                    <Table.Td>{r.attempt}</Table.Td>
                    <Table.Td>{r.order_id ? <Link to={`/orders/${r.order_id}`}>#{r.order_display_id ?? r.order_id}</Link> : '–'}</Table.Td>
                    <Table.Td>{date(r.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Section>
            <Section title={t('subscription.ledger')}>
              <ListTable
                headers={[
                  t('common.created'),
                  t('subscription.kind'),
                  t('product.description'),
                  t('subscriptions.amount'),
                  t('orders.number'),
                  t('subscription.reference'),
                ]}
                count={h.ledger.length}
              >
                {h.ledger.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{date(e.created_at)}</Table.Td>
                    <Table.Td>{e.kind.replace(/_/g, ' ')}</Table.Td>
                    <Table.Td>{e.description}</Table.Td>
                    <Table.Td>{money(e.amount, e.currency_code)}</Table.Td>
                    <Table.Td>{e.order_id ? <Link to={`/orders/${e.order_id}`}>#{e.order_display_id ?? e.order_id}</Link> : '–'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.provider_reference ?? '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Section>
          </Stack>
        </>
      )}
    </Loading>
  );
}
