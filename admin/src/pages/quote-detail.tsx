import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useClient, useMutation, useQuery, type CombinedError } from 'urql';
import {
  ConsoleConvertQuoteDocument,
  ConsoleQuoteCartDocument,
  ConsoleQuoteDocument,
  ConsoleQuotePdfDocument,
  ConsoleSetQuoteStatusDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { QuoteMoves } from '../quote-moves';
import { ErrorNote, Facts, ListTable, Loading, NameCell, PageHeader, Section, StatusBadge } from '../ui';

/** saves base64 bytes as a file download */
function download(base64: string, filename: string, type: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The cart an accepted quote became: its id, lines and total (or why it cannot be read). */
function QuoteCart({ id }: { id: string }) {
  const { t, money, date } = useI18n();
  const [{ data, error }] = useQuery({ query: ConsoleQuoteCartDocument, variables: { id } });
  const c = data?.cart;
  return (
    <Stack gap="xs" role="status" aria-label={t('quote.cart')}>
      <Text size="sm">
        {t('quote.cart')}: <code>{id}</code>
      </Text>
      <ErrorNote error={error} />
      {c && (
        <Text size="sm">
          {c.completed_at ? t('quote.cartCompleted', { date: date(c.completed_at) }) : t('quote.cartOpen')} ·{' '}
          {c.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')} · {money(c.total, c.currency_code)}
        </Text>
      )}
    </Stack>
  );
}

/** One quote: requester, company, lines, custom fields, estimate, validity, status moves, the PDF and the conversion into a cart. */
export default function QuoteDetail({ id }: { id: string }) {
  const { t, day, date, money } = useI18n();
  const client = useClient();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleQuoteDocument, variables: { id } });
  const [changed, change] = useMutation(ConsoleSetQuoteStatusDocument);
  const [converted, convert] = useMutation(ConsoleConvertQuoteDocument);
  const [failure, setFailure] = useState<CombinedError | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const q = data?.adminQuote;
  const reread = () => refetch({ requestPolicy: 'network-only' });
  const pdf = (number: string) => {
    setPdfBusy(true);
    void client
      .query(ConsoleQuotePdfDocument, { number }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        setPdfBusy(false);
        setFailure(r.error ?? null);
        if (r.data) download(r.data.quotePdf.content_base64, `${number}.pdf`, 'application/pdf');
      });
  };
  return (
    <Loading fetching={fetching} error={error}>
      {q && (
        <>
          <PageHeader title={`${t('quotes.number')} ${q.number}`}>
            <StatusBadge status={q.status} />
            <Button variant="default" loading={pdfBusy} onClick={() => pdf(q.number)}>
              {t('quote.pdf')}
            </Button>
          </PageHeader>
          <ErrorNote error={failure} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
            <Section title={t('quote.requester')}>
              <Facts
                rows={[
                  [t('catalogue.name'), q.name],
                  [t('quote.company'), q.company ?? '–'],
                  [t('signin.email'), q.email],
                  [t('quote.phone'), q.phone ?? '–'],
                  [t('orders.customer'), q.customer_id ?? t('quote.guest')],
                  [t('quote.locale'), q.locale],
                  [t('common.created'), date(q.created_at)],
                ]}
              />
              {q.message && (
                <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {q.message}
                </Text>
              )}
            </Section>
            <Stack>
              <Section title={t('common.status')}>
                <Facts
                  rows={[
                    [t('common.status'), q.status],
                    [t('quotes.estimate'), money(q.estimate, q.currency_code)],
                    [t('quotes.validUntil'), day(q.valid_until)],
                  ]}
                />
                <Stack mt="sm" gap="sm">
                  <QuoteMoves
                    quote={q}
                    busy={changed.fetching}
                    onMove={(to) =>
                      void change({ id: q.id, status: to }).then((r) => {
                        setFailure(r.error ?? null);
                        reread();
                      })
                    }
                  />
                  {q.status === 'accepted' && !q.cart_id && (
                    <Group>
                      <Button
                        loading={converted.fetching}
                        onClick={() =>
                          void convert({ id: q.id }).then((r) => {
                            setFailure(r.error ?? null);
                            reread();
                          })
                        }
                      >
                        {t('quote.convert')}
                      </Button>
                    </Group>
                  )}
                  {q.cart_id && <QuoteCart id={q.cart_id} />}
                </Stack>
              </Section>
              <Section title={t('quote.fields')}>
                {q.fields.length ? (
                  <Facts rows={q.fields.map((f) => [f.label, f.type === 'date' ? day(f.value) : f.value])} />
                ) : (
                  <Text size="sm">{t('common.none')}</Text>
                )}
              </Section>
            </Stack>
          </SimpleGrid>
          <Section title={t('quote.lines')}>
            <ListTable
              headers={[t('quote.item'), t('quote.location'), t('quote.quantity'), t('quote.unitPrice'), t('orders.total')]}
              count={q.products.length + q.services.length}
            >
              {q.products.map((l, i) => (
                <Table.Tr key={`p-${i}`}>
                  <NameCell name={l.title} sub={l.sku ?? l.variant_id} />
                  <Table.Td>–</Table.Td>
                  <Table.Td>{l.quantity}</Table.Td>
                  <Table.Td>{money(l.unit_price, q.currency_code)}</Table.Td>
                  <Table.Td>{money(l.total, q.currency_code)}</Table.Td>
                </Table.Tr>
              ))}
              {q.services.map((l, i) => (
                <Table.Tr key={`s-${i}`}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>
                    {l.location_name} (× {l.modifier})
                  </Table.Td>
                  <Table.Td>
                    {l.quantity} {l.unit}
                  </Table.Td>
                  <Table.Td>
                    {money(l.unit_price, q.currency_code)}
                    <Text size="xs" c="gray.7">
                      {t('quote.baseRate')}: {money(l.base_rate, q.currency_code)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{money(l.total, q.currency_code)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Text fw={700} mt="sm">
              {t('quotes.estimate')}: {money(q.estimate, q.currency_code)}
            </Text>
          </Section>
        </>
      )}
    </Loading>
  );
}
