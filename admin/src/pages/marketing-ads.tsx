import { useState } from 'react';
import { Button, Card, NativeSelect, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleAdChannelsDocument, ConsoleConfigureAdChannelDocument, ConsoleRemoveAdChannelDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, ListTable, Loading } from '../ui';
import { SaveRow, SecretNote } from './settings-providers';

const CHANNELS: Record<string, MessageKey> = { meta: 'marketing.meta', google_ads: 'marketing.googleAds' };

/**
 * The store's advertising accounts the dashboard reads: listed with Remove, and one configured (Meta
 * ads: the ad account and a token of its own or the store's Meta connection; Google Ads: the customer,
 * its manager account and a refresh token). Tokens are write-only: empty keeps the saved one.
 */
export function AdChannels({ onChange }: { onChange: () => void }) {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleAdChannelsDocument, requestPolicy: 'network-only' });
  const [saved, configure] = useMutation(ConsoleConfigureAdChannelDocument);
  const [removed, remove] = useMutation(ConsoleRemoveAdChannelDocument);
  const [channel, setChannel] = useState('meta');
  const [account, setAccount] = useState('');
  const [manager, setManager] = useState('');
  const [token, setToken] = useState('');
  const [done, setDone] = useState(false);
  const changed = () => {
    refetch({ requestPolicy: 'network-only' });
    onChange();
  };
  const channels = data?.assistantAdChannels ?? [];
  const current = channels.find((c) => c.channel === channel);
  const meta = channel === 'meta';
  return (
    <section aria-label={t('marketing.adChannels')}>
      <Title order={3} size="h4" mt="xl" mb="sm">
        {t('marketing.adChannels')}
      </Title>
      <ErrorNote error={removed.error} />
      <Loading fetching={fetching} error={error}>
        {data &&
          (channels.length === 0 ? (
            <Text size="sm">{t('marketing.noAdChannels')}</Text>
          ) : (
            <ListTable
              headers={[t('marketing.channel'), t('marketing.account'), t('marketing.ownToken'), t('marketing.updated'), t('common.actions')]}
              count={channels.length}
            >
              {channels.map((a) => {
                const name = t(CHANNELS[a.channel] ?? 'marketing.other');
                return (
                  <Table.Tr key={a.channel}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      {a.account_id}
                      {a.login_customer_id && ` (${t('marketing.adManager')} ${a.login_customer_id})`}
                    </Table.Td>
                    <Table.Td>{a.has_token ? '✓' : '–'}</Table.Td>
                    <Table.Td>{date(a.updated_at)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`${t('marketing.adRemove')} ${name}`}
                        loading={removed.fetching}
                        onClick={() => void remove({ channel: a.channel }).then(changed)}
                      >
                        {t('marketing.adRemove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </ListTable>
          ))}
      </Loading>
      <Card
        withBorder
        mt="md"
        component="form"
        aria-label={t('marketing.adConfigure')}
        onSubmit={(e) => {
          e.preventDefault();
          setDone(false);
          const secret = token.trim() ? { [meta ? 'access_token' : 'refresh_token']: token.trim() } : {};
          const login = !meta && manager.trim() ? { login_customer_id: manager.trim() } : {};
          void configure({ input: { channel, account_id: account.trim(), ...login, ...secret } }).then((r) => {
            if (r.data) {
              setDone(true);
              setToken('');
              changed();
            }
          });
        }}
      >
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('marketing.adConfigure')}
          </Title>
          <ErrorNote error={saved.error} />
          <NativeSelect
            label={t('marketing.channel')}
            value={channel}
            onChange={(e) => setChannel(e.currentTarget.value)}
            data={Object.entries(CHANNELS).map(([value, label]) => ({ value, label: t(label) }))}
          />
          <TextInput
            label={meta ? t('marketing.adMetaAccount') : t('marketing.adGoogleCustomer')}
            placeholder={meta ? 'act_1234567890' : '123-456-7890'}
            value={account}
            onChange={(e) => setAccount(e.currentTarget.value)}
          />
          {!meta && (
            <TextInput label={t('marketing.adManager')} placeholder="123-456-7890" value={manager} onChange={(e) => setManager(e.currentTarget.value)} />
          )}
          <PasswordInput
            label={meta ? t('marketing.adMetaToken') : t('marketing.adGoogleToken')}
            autoComplete="new-password"
            description={<SecretNote saved={!!current?.has_token} />}
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
          {meta && (
            <Text size="xs" c="gray.8">
              {t('marketing.adMetaHelp')}
            </Text>
          )}
          <SaveRow title={t('marketing.adConfigure')} busy={saved.fetching} done={done} />
        </Stack>
      </Card>
    </section>
  );
}
