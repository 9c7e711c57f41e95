import { useState } from 'react';
import { Button, Card, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleAddCurrencyPairDocument,
  ConsoleClearRateOverrideDocument,
  ConsoleCurrencyPairsDocument,
  ConsoleRemoveCurrencyPairDocument,
  ConsoleSetRateOverrideDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { SiteHeader } from '../site-nav';
import { ErrorNote, ListTable, Loading, StatusBadge } from '../ui';

/** The store's currency pairs with the rate in use (manual or a feed's, stale or not); add, remove, set or clear a manual rate. */
export default function SiteCurrencies() {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleCurrencyPairsDocument });
  const [added, add] = useMutation(ConsoleAddCurrencyPairDocument);
  const [removed, remove] = useMutation(ConsoleRemoveCurrencyPairDocument);
  const [overridden, override] = useMutation(ConsoleSetRateOverrideDocument);
  const [cleared, clear] = useMutation(ConsoleClearRateOverrideDocument);
  const [base, setBase] = useState('');
  const [quote, setQuote] = useState('');
  const [manual, setManual] = useState<Record<string, string>>({});
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <SiteHeader page="site.currencies" />
      <ErrorNote error={removed.error ?? overridden.error ?? cleared.error} />
      <Loading fetching={fetching} error={error}>
        {data && (
          <ListTable
            headers={[t('currencies.pair'), t('currencies.rate'), t('currencies.source'), t('currencies.manual'), t('common.actions')]}
            count={data.currencyPairs.length}
          >
            {data.currencyPairs.map((p) => {
              const rate = data.currencyRates.find((r) => r.pair_id === p.id);
              const name = `${p.base}/${p.quote}`;
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{rate?.rate ?? '–'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {rate?.source ?? '–'}
                      {rate?.stale && <StatusBadge status="stale" />}
                      {rate?.rate_date && date(rate.rate_date)}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <form
                      onSubmit={(e) => {
                        e.preventDefault();
                        void override({ id: p.id, rate: Number(manual[p.id] ?? p.manual_rate ?? '') }).then((r) => !r.error && reload());
                      }}
                    >
                      <Group gap="xs" wrap="nowrap">
                        <TextInput
                          size="xs"
                          w={110}
                          inputMode="decimal"
                          aria-label={t('currencies.manualOf', { pair: name })}
                          value={manual[p.id] ?? (p.manual_rate == null ? '' : String(p.manual_rate))}
                          onChange={(e) => setManual({ ...manual, [p.id]: e.currentTarget.value })}
                        />
                        <Button size="xs" type="submit" variant="default" aria-label={t('currencies.setOf', { pair: name })}>
                          {t('currencies.set')}
                        </Button>
                        {p.manual_rate != null && (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('currencies.clearOf', { pair: name })}
                            onClick={() =>
                              void clear({ id: p.id }).then(() => {
                                setManual({ ...manual, [p.id]: '' });
                                reload();
                              })
                            }
                          >
                            {t('currencies.clear')}
                          </Button>
                        )}
                      </Group>
                    </form>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red.9"
                      variant="outline"
                      aria-label={t('currencies.removeOf', { pair: name })}
                      onClick={() => void remove({ id: p.id }).then(reload)}
                    >
                      {t('common.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </Loading>
      <Card withBorder component="section" aria-label={t('currencies.add')} mt="lg" maw={640}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add({ input: { base: base.trim(), quote: quote.trim() } }).then((r) => {
              if (r.error) return;
              setBase('');
              setQuote('');
              reload();
            });
          }}
        >
          <Stack>
            <Title order={3} size="h4">
              {t('currencies.add')}
            </Title>
            <ErrorNote error={added.error} />
            <Group grow align="start">
              <TextInput label={t('currencies.base')} required value={base} onChange={(e) => setBase(e.currentTarget.value)} maxLength={3} />
              <TextInput label={t('currencies.quote')} required value={quote} onChange={(e) => setQuote(e.currentTarget.value)} maxLength={3} />
            </Group>
            <Button type="submit" w="fit-content" loading={added.fetching}>
              {t('currencies.addButton')}
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}
