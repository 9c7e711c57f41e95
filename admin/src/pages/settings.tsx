import { useEffect, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleStoreDocument, ConsoleUpdateStoreDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ErrorNote, Loading, PageHeader } from '../ui';
import { ApiKeys } from './settings-keys';
import { StoreAdmins } from './settings-admins';
import { Providers } from './settings-providers';

const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

export default function Settings() {
  const { t } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleStoreDocument });
  const [updated, update] = useMutation(ConsoleUpdateStoreDocument);
  const [origins, setOrigins] = useState('');
  const [servers, setServers] = useState('');
  const [saved, setSaved] = useState(false);
  const s = data?.storeSettings;
  useEffect(() => {
    if (s) {
      setOrigins(s.allowed_origins.join('\n'));
      setServers(s.storefront_servers.join('\n'));
    }
  }, [s]);
  return (
    <Loading fetching={fetching} error={error}>
      {s && (
        <>
          <PageHeader title={`${t('nav.settings')}: ${s.name}`}>
            <Button component={Link} to="/settings/mail" variant="default">
              {t('settings.mail')}
            </Button>
          </PageHeader>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ApiKeys />
            <Card withBorder>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  setSaved(false);
                  void update({ input: { allowed_origins: lines(origins), storefront_servers: lines(servers) } }).then((r) => setSaved(!r.error));
                }}
              >
                <Stack>
                  <Title order={3} size="h4">
                    {t('settings.store')}
                  </Title>
                  <ErrorNote error={updated.error} />
                  <Textarea label={t('settings.origins')} autosize minRows={3} value={origins} onChange={(e) => setOrigins(e.currentTarget.value)} />
                  <Textarea label={t('settings.servers')} autosize minRows={2} value={servers} onChange={(e) => setServers(e.currentTarget.value)} />
                  <Group>
                    <Button type="submit" loading={updated.fetching}>
                      {t('common.save')}
                    </Button>
                    {saved && (
                      <Text role="status" c="green.9">
                        {t('common.saved')}
                      </Text>
                    )}
                  </Group>
                </Stack>
              </form>
            </Card>
          </SimpleGrid>
          <StoreAdmins />
          <Providers />
        </>
      )}
    </Loading>
  );
}
