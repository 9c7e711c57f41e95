import { useState } from 'react';
import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCancelOrderDocument,
  ConsoleCaptureOrderDocument,
  ConsoleOrderDocument,
  ConsoleRefundOrderDocument,
  ConsoleShipOrderDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';

/** The parts of the order document (Medusa's order shape) the page shows. */
interface OrderDocument {
  items?: { id: string; title: string; product_title?: string; variant_title?: string; quantity: number; unit_price: number; total?: number }[];
  shipping_address?: { first_name?: string; last_name?: string; address_1?: string; postal_code?: string; city?: string; country_code?: string } | null;
  fulfillments?: { id: string; created_at?: string; shipped_at?: string | null; labels?: { tracking_number?: string }[] }[];
  canceled_at?: string | null;
  payment_collections?: {
    captured_amount?: number | null;
    refunded_amount?: number | null;
    payments?: {
      id: string;
      captured_at?: string | null;
      refunds?: { id: string; amount: number; refund_reason_id?: string | null; note?: string | null; created_at: string }[];
    }[];
  }[];
}

/** The refund reasons the API knows (commerce's REFUND_REASONS). */
const REASONS = ['customer_request', 'returned', 'damaged', 'not_delivered', 'duplicate', 'goodwill', 'other'] as const;

/** Decimals of a currency's minor unit, as the browser knows them (JPY 0, EUR 2, KWD 3). */
const decimalsOf = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;

export default function OrderDetail({ id }: { id: string }) {
  const { t, date, money } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleOrderDocument, variables: { id } });
  const [ship, shipOrder] = useMutation(ConsoleShipOrderDocument);
  const [capture, captureOrder] = useMutation(ConsoleCaptureOrderDocument);
  const [cancel, cancelOrder] = useMutation(ConsoleCancelOrderDocument);
  const [refund, refundOrder] = useMutation(ConsoleRefundOrderDocument);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<string>('customer_request');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const o = data?.order;
  const doc = (o?.document ?? {}) as OrderDocument;
  const a = doc.shipping_address;
  const pc = doc.payment_collections?.[0];
  const decimals = o ? decimalsOf(o.currency_code) : 2;
  const scale = 10 ** decimals;
  // in minor units, so that 0.1 + 0.2 never decides what may be refunded
  const refundable = Math.max(0, Math.round((pc?.captured_amount ?? 0) * scale) - Math.round((pc?.refunded_amount ?? 0) * scale));
  const canRefund = !!o && o.status !== 'canceled' && (o.payment_status === 'captured' || o.payment_status === 'partially_refunded') && refundable > 0;
  const payments = pc?.payments ?? [];
  const refunds = payments.flatMap((x) => x.refunds ?? []);
  const submitRefund = async () => {
    if (!o) return;
    const m = new RegExp(decimals ? `^\\d+(\\.\\d{1,${decimals}})?$` : '^\\d+$').exec(amount.trim().replace(',', '.'));
    const minor = m ? Math.round(Number(m[0]) * scale) : 0;
    if (!m || minor <= 0 || minor > refundable) {
      setAmountError(t('orders.refundBadAmount'));
      return;
    }
    setAmountError(null);
    const value = (minor / scale).toFixed(decimals);
    if (!confirm(t('orders.refundConfirm', { amount: money(minor / scale, o.currency_code) }))) return;
    const r = await refundOrder({ id, input: { amount: value, currency_code: o.currency_code, reason, note: note.trim() || null } });
    if (!r.error) {
      setAmount('');
      setNote('');
    }
  };
  return (
    <Loading fetching={fetching} error={error}>
      {o && (
        <>
          <PageHeader title={`${t('orders.number')} #${o.display_id}`}>
            <StatusBadge status={o.status} />
            <StatusBadge status={o.payment_status} />
            <StatusBadge status={o.fulfillment_status} />
          </PageHeader>
          <ErrorNote error={ship.error ?? capture.error ?? cancel.error ?? refund.error} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder>
              <Title order={3} size="h4" mb="sm">
                {t('orders.items')}
              </Title>
              <Table>
                <Table.Tbody>
                  {(doc.items ?? []).map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>
                        {i.product_title ?? i.title}
                        {i.variant_title ? ` · ${i.variant_title}` : ''}
                      </Table.Td>
                      <Table.Td>× {i.quantity}</Table.Td>
                      <Table.Td>{money(i.unit_price * i.quantity, o.currency_code)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text fw={700} mt="sm">
                {t('orders.total')}: {money(o.total, o.currency_code)}
              </Text>
              {a && (
                <>
                  <Title order={3} size="h5" mt="md">
                    {t('orders.address')}
                  </Title>
                  <Text size="sm">
                    {[a.first_name, a.last_name].filter(Boolean).join(' ')}, {a.address_1}, {a.postal_code} {a.city}, {a.country_code?.toUpperCase()}
                  </Text>
                </>
              )}
              <Text size="sm" mt="xs">
                {o.email}
              </Text>
            </Card>
            <Stack>
              <Card withBorder>
                <Title order={3} size="h4" mb="sm">
                  {t('common.actions')}
                </Title>
                <Stack>
                  <Group align="end">
                    <TextInput label={t('orders.carrier')} value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} />
                    <TextInput label={t('orders.tracking')} value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} />
                  </Group>
                  <Group>
                    <Button
                      disabled={o.status === 'canceled' || o.fulfillment_status === 'shipped' || o.fulfillment_status === 'delivered'}
                      loading={ship.fetching}
                      onClick={() => void shipOrder({ id, carrier: carrier || null, tracking: tracking || null })}
                    >
                      {t('orders.fulfil')}
                    </Button>
                    <Button variant="default" disabled={o.payment_status !== 'authorized'} loading={capture.fetching} onClick={() => void captureOrder({ id })}>
                      {t('orders.capture')}
                    </Button>
                    <Button color="red" variant="outline" disabled={o.status === 'canceled'} loading={cancel.fetching} onClick={() => void cancelOrder({ id })}>
                      {t('orders.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
              {canRefund && (
                <Card withBorder>
                  <Title order={3} size="h4" mb="sm">
                    {t('orders.refundTitle')}
                  </Title>
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      void submitRefund();
                    }}
                  >
                    <Stack>
                      <Text size="sm">{t('orders.refundable', { amount: money(refundable / scale, o.currency_code) })}</Text>
                      <TextInput
                        label={t('orders.refundAmount', { currency: o.currency_code.toUpperCase() })}
                        inputMode="decimal"
                        required
                        value={amount}
                        error={amountError}
                        onChange={(e) => setAmount(e.currentTarget.value)}
                      />
                      <NativeSelect
                        label={t('orders.refundReason')}
                        data={REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
                        value={reason}
                        onChange={(e) => setReason(e.currentTarget.value)}
                      />
                      <Textarea
                        label={t('orders.refundNote')}
                        maxLength={1000}
                        autosize
                        minRows={2}
                        value={note}
                        onChange={(e) => setNote(e.currentTarget.value)}
                      />
                      <Group>
                        <Button type="submit" loading={refund.fetching}>
                          {t('orders.refund')}
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                </Card>
              )}
              <Card withBorder>
                <Title order={3} size="h4" mb="sm">
                  {t('orders.timeline')}
                </Title>
                <Timeline bulletSize={14} lineWidth={2}>
                  <Timeline.Item title={t('orders.placed')}>
                    <Text size="xs">{date(o.created_at)}</Text>
                  </Timeline.Item>
                  {(doc.fulfillments ?? []).map((f) => (
                    <Timeline.Item key={f.id} title={t('orders.fulfilment')}>
                      <Text size="xs">
                        {date(f.shipped_at ?? f.created_at)} {f.labels?.[0]?.tracking_number ?? ''}
                      </Text>
                    </Timeline.Item>
                  ))}
                  {payments
                    .filter((x) => x.captured_at)
                    .map((x) => (
                      <Timeline.Item key={`cap-${x.id}`} title={t('orders.captured')}>
                        <Text size="xs">{date(x.captured_at!)}</Text>
                      </Timeline.Item>
                    ))}
                  {refunds.map((r) => (
                    <Timeline.Item key={r.id} title={t('orders.refunded', { amount: money(r.amount, o.currency_code) })}>
                      <Text size="xs">
                        {date(r.created_at)} · {t(`reason.${REASONS.find((x) => x === r.refund_reason_id) ?? 'other'}`)}
                      </Text>
                      {r.note && <Text size="xs">{r.note}</Text>}
                    </Timeline.Item>
                  ))}
                  {doc.canceled_at && (
                    <Timeline.Item title={t('orders.cancel')}>
                      <Text size="xs">{date(doc.canceled_at)}</Text>
                    </Timeline.Item>
                  )}
                </Timeline>
              </Card>
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Loading>
  );
}
