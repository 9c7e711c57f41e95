import { useState } from 'react';
import { Badge, Button, Card, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleAddStoreAdminDocument, ConsoleRemoveStoreAdminDocument, ConsoleStoreAdminsDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading } from '../ui';

/**
 * The store's admins: its own and those added from other stores (who switch to it from the store
 * selector). An admin of another store is added by email; a new address gets an account of this
 * store with a password. Added admins can be removed (their sessions for the store end at once).
 */
export function StoreAdmins() {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleStoreAdminsDocument });
  const [added, add] = useMutation(ConsoleAddStoreAdminDocument);
  const [removed, remove] = useMutation(ConsoleRemoveStoreAdminDocument);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <Card withBorder component="section" aria-label={t('admins.title')}>
      <Stack>
        <Title order={3} size="h4">
          {t('admins.title')}
        </Title>
        <Text size="sm">{t('admins.help')}</Text>
        <ErrorNote error={added.error ?? removed.error} />
        <Loading fetching={fetching} error={error}>
          {data && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admins.email')}</Table.Th>
                  <Table.Th>{t('common.created')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.storeAdmins.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{a.email}</Text>
                        <Badge variant="light" color={a.home ? 'gray' : 'indigo'} c={a.home ? 'dark.8' : 'indigo.9'}>
                          {a.home ? t('admins.home') : t('admins.added')}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>{date(a.added_at)}</Table.Td>
                    <Table.Td>
                      {!a.home && (
                        <Button
                          size="xs"
                          color="red.9"
                          variant="outline"
                          aria-label={`${t('admins.remove')} ${a.email}`}
                          disabled={removed.fetching}
                          onClick={() => {
                            if (confirm(t('admins.removeConfirm'))) void remove({ id: a.id }).then((r) => !r.error && reload());
                          }}
                        >
                          {t('admins.remove')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Loading>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void add({ input: { email: email.trim(), password: password || null } }).then((r) => {
              if (r.error) return;
              setEmail('');
              setPassword('');
              reload();
            });
          }}
        >
          <Group align="end">
            <TextInput label={t('admins.email')} type="email" required value={email} maxLength={320} onChange={(e) => setEmail(e.currentTarget.value)} />
            <PasswordInput label={t('admins.password')} value={password} maxLength={200} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button type="submit" loading={added.fetching}>
              {t('admins.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
