import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleCreateWebhookDocument, ConsoleDeleteWebhookDocument, ConsoleReplayDeliveryDocument, ConsoleWebhooksDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';

export default function Webhooks() {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleWebhooksDocument });
  const [created, create] = useMutation(ConsoleCreateWebhookDocument);
  const [removed, remove] = useMutation(ConsoleDeleteWebhookDocument);
  const [replayed, replay] = useMutation(ConsoleReplayDeliveryDocument);
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader title={t('nav.webhooks')} />
      <ErrorNote error={created.error ?? removed.error ?? replayed.error} />
      {secret && (
        <Alert color="yellow" title={t('webhooks.secret')} mb="md" withCloseButton onClose={() => setSecret(null)} closeButtonLabel={t('common.cancel')}>
          <Code>{secret}</Code>
        </Alert>
      )}
      <Loading fetching={fetching} error={error}>
        <Card withBorder mb="lg">
          <Title order={3} size="h4" mb="sm">
            {t('webhooks.endpoints')}
          </Title>
          <Table>
            <Table.Tbody>
              {data?.webhookEndpoints.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Text size="sm">{e.url}</Text>
                    <Text size="xs" c="gray.7">
                      {e.event_types.join(', ') || '*'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={e.active ? 'active' : (e.disabled_reason ?? 'inactive')} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" color="red" variant="outline" onClick={() => void remove({ id: e.id }).then(reload)}>
                      {t('common.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const event_types = types
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean);
              void create({ input: { url, event_types: event_types.length ? event_types : undefined } }).then((r) => {
                if (r.data) {
                  setSecret(r.data.createWebhookEndpoint.secret ?? null);
                  setUrl('');
                  setTypes('');
                  reload();
                }
              });
            }}
          >
            <Stack mt="md" maw={640}>
              <TextInput label={t('webhooks.url')} type="url" required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
              <TextInput label={t('webhooks.events')} value={types} onChange={(e) => setTypes(e.currentTarget.value)} />
              <Button type="submit" w="fit-content" loading={created.fetching}>
                {t('webhooks.add')}
              </Button>
            </Stack>
          </form>
        </Card>
        <Title order={3} size="h4" mb="sm">
          {t('webhooks.deliveries')}
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.event')}</Table.Th>
              <Table.Th>{t('common.status')}</Table.Th>
              <Table.Th>{t('webhooks.attempts')}</Table.Th>
              <Table.Th>{t('common.created')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.webhookDeliveries.items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.event_type}</Table.Td>
                <Table.Td>
                  <StatusBadge status={d.status} />
                </Table.Td>
                <Table.Td>
                  {d.attempt_log.map((a) => (
                    <Text key={a.id} size="xs">
                      #{a.number} {a.status_code ?? a.error ?? '–'} · {a.duration_ms} ms
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{date(d.created_at)}</Table.Td>
                <Table.Td>
                  <Group>
                    <Button size="xs" variant="default" onClick={() => void replay({ id: d.id }).then(reload)}>
                      {t('webhooks.replay')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {data?.webhookDeliveries.count === 0 && <Text mt="md">{t('common.none')}</Text>}
      </Loading>
    </>
  );
}
