import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleApiKeysDocument,
  ConsoleCreateAgentKeyDocument,
  ConsoleCreatePublishableKeyDocument,
  ConsoleRevokeAgentKeyDocument,
  ConsoleRevokePublishableKeyDocument,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, Loading } from '../ui';

interface KeyRow {
  id: string;
  title: string;
  shown: string;
  created_at: string;
}

/** One kind of key: its live keys with Revoke, and a form for a new one. */
function KeyTable({
  heading,
  help,
  rows,
  onCreate,
  onRevoke,
  busy,
}: {
  heading: MessageKey;
  help: MessageKey;
  rows: KeyRow[];
  onCreate: (title: string) => Promise<void>;
  onRevoke: (row: KeyRow) => Promise<void>;
  busy: boolean;
}) {
  const { t, date } = useI18n();
  const [title, setTitle] = useState('');
  return (
    <Card withBorder component="section" aria-label={t(heading)}>
      <Title order={3} size="h4" mb="xs">
        {t(heading)}
      </Title>
      <Text size="sm" mb="sm">
        {t(help)}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.title')}</Table.Th>
            <Table.Th>{t('settings.token')}</Table.Th>
            <Table.Th>{t('common.created')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.title}</Table.Td>
              <Table.Td>
                <Code>{k.shown}</Code>
              </Table.Td>
              <Table.Td>{date(k.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red.9"
                  variant="outline"
                  aria-label={`${t('settings.revoke')} ${k.title}`}
                  disabled={busy}
                  onClick={() => {
                    if (confirm(t('settings.revokeConfirm'))) void onRevoke(k);
                  }}
                >
                  {t('settings.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onCreate(title.trim()).then(() => setTitle(''));
        }}
      >
        <Group mt="sm" align="end">
          <TextInput label={t('settings.keyTitle')} value={title} maxLength={200} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            {t('settings.newKey')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** The store's publishable keys and agent API keys: create, revoke; a new agent key is shown once. */
export function ApiKeys() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleApiKeysDocument });
  const [createdAgent, createAgent] = useMutation(ConsoleCreateAgentKeyDocument);
  const [revokedAgent, revokeAgent] = useMutation(ConsoleRevokeAgentKeyDocument);
  const [createdPk, createPk] = useMutation(ConsoleCreatePublishableKeyDocument);
  const [revokedPk, revokePk] = useMutation(ConsoleRevokePublishableKeyDocument);
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const busy = createdAgent.fetching || revokedAgent.fetching || createdPk.fetching || revokedPk.fetching;
  return (
    <Stack gap="lg">
      <Loading fetching={fetching} error={error}>
        <ErrorNote error={createdAgent.error ?? revokedAgent.error ?? createdPk.error ?? revokedPk.error} />
        {secret && (
          <Alert color="yellow" title={t('settings.agentSecret')} mb="md" withCloseButton onClose={() => setSecret(null)} closeButtonLabel={t('common.cancel')}>
            <Code data-testid="agent-secret">{secret}</Code>
          </Alert>
        )}
        {data && (
          <>
            <KeyTable
              heading="settings.keys"
              help="settings.keysHelp"
              busy={busy}
              rows={data.publishableKeys.map((k) => ({ id: k.id, title: k.title, shown: k.token, created_at: k.created_at }))}
              onCreate={async (title) => {
                const r = await createPk({ title: title || null });
                if (r.data) reload();
              }}
              onRevoke={async (k) => {
                const r = await revokePk({ id: k.id });
                if (r.data) reload();
              }}
            />
            <KeyTable
              heading="settings.agentKeys"
              help="settings.agentKeysHelp"
              busy={busy}
              rows={data.agentApiKeys.map((k) => ({ id: k.id, title: k.title, shown: `${k.redacted}…`, created_at: k.created_at }))}
              onCreate={async (title) => {
                const r = await createAgent({ title: title || null });
                if (r.data) {
                  setSecret(r.data.createAgentApiKey.key);
                  reload();
                }
              }}
              onRevoke={async (k) => {
                const r = await revokeAgent({ id: k.id });
                if (r.data) reload();
              }}
            />
          </>
        )}
      </Loading>
    </Stack>
  );
}
