import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleCancelOrderDocument, ConsoleCaptureOrderDocument, ConsoleOrderDocument, ConsoleShipOrderDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';

/** The parts of the order document (Medusa's order shape) the page shows. */
interface OrderDocument {
  items?: { id: string; title: string; product_title?: string; variant_title?: string; quantity: number; unit_price: number; total?: number }[];
  shipping_address?: { first_name?: string; last_name?: string; address_1?: string; postal_code?: string; city?: string; country_code?: string } | null;
  fulfillments?: { id: string; created_at?: string; shipped_at?: string | null; labels?: { tracking_number?: string }[] }[];
  canceled_at?: string | null;
}

export default function OrderDetail({ id }: { id: string }) {
  const { t, date, money } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleOrderDocument, variables: { id } });
  const [ship, shipOrder] = useMutation(ConsoleShipOrderDocument);
  const [capture, captureOrder] = useMutation(ConsoleCaptureOrderDocument);
  const [cancel, cancelOrder] = useMutation(ConsoleCancelOrderDocument);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const o = data?.order;
  const doc = (o?.document ?? {}) as OrderDocument;
  const a = doc.shipping_address;
  return (
    <Loading fetching={fetching} error={error}>
      {o && (
        <>
          <PageHeader title={`${t('orders.number')} #${o.display_id}`}>
            <StatusBadge status={o.status} />
            <StatusBadge status={o.payment_status} />
            <StatusBadge status={o.fulfillment_status} />
          </PageHeader>
          <ErrorNote error={ship.error ?? capture.error ?? cancel.error} />
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
