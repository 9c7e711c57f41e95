import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, type CombinedError, type OperationResult } from 'urql';
import { ConsoleCustomerDocument, ConsoleRequestCustomerErasureDocument, ConsoleRequestCustomerExportDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';
import { OrderTable } from './orders';
import { AddressBook, ProfileEditor } from './customer-edit';

const ORDERS_PAGE = 10;

/** "First Last", or the email when the customer has no name. */
export const customerName = (c: { first_name?: string | null; last_name?: string | null; email: string }) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email;

/** Whether the customer proved the address. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return (
    <Badge color={verified ? 'green' : 'gray'} variant="dot" c="dark.8" miw="max-content">
      {t(verified ? 'customers.verified' : 'customers.notVerified')}
    </Badge>
  );
}

/**
 * A customer: profile, addresses, linked sign-in accounts, orders and privacy requests; an export
 * of their data, and their erasure after the admin typed the customer's email (it cannot be undone).
 */
export default function CustomerDetail({ id }: { id: string }) {
  const { t, date } = useI18n();
  const [ordersPage, setOrdersPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleCustomerDocument,
    variables: { id, ordersLimit: ORDERS_PAGE, ordersOffset: (ordersPage - 1) * ORDERS_PAGE },
  });
  const [exported, requestExport] = useMutation(ConsoleRequestCustomerExportDocument);
  const [erased, requestErasure] = useMutation(ConsoleRequestCustomerErasureDocument);
  const [failure, setFailure] = useState<CombinedError | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [erasing, setErasing] = useState(false);
  const [typed, setTyped] = useState('');
  const [editingProfile, setEditingProfile] = useState(false);
  const c = data?.adminCustomer;
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const busy = exported.fetching || erased.fetching;

  /** runs a request: the API's refusal or what was done is shown, and the page read again */
  const act = (run: () => Promise<OperationResult>, done: MessageKey) =>
    void run().then((r) => {
      setFailure(r.error ?? null);
      setNotice(r.error ? null : done);
      if (!r.error) {
        setErasing(false);
        setTyped('');
      }
      refetch({ requestPolicy: 'network-only' });
    });

  return (
    <Loading fetching={fetching} error={error}>
      {c && data && (
        <>
          <PageHeader title={customerName(c)}>
            <VerifiedBadge verified={c.email_verified} />
          </PageHeader>
          <ErrorNote error={failure} />
          {notice && (
            <Alert color="green" role="status" mb="md" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setNotice(null)}>
              {t(notice)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={3} size="h4">
                  {t('customers.profile')}
                </Title>
                {!editingProfile && (
                  <Button size="xs" variant="default" onClick={() => setEditingProfile(true)}>
                    {t('customers.editProfile')}
                  </Button>
                )}
              </Group>
              {editingProfile && (
                <ProfileEditor
                  id={id}
                  customer={c}
                  onResult={setFailure}
                  onDone={() => {
                    setEditingProfile(false);
                    reload();
                  }}
                />
              )}
              <Table variant="vertical" withRowBorders={false} hidden={editingProfile}>
                <Table.Tbody>
                  {(
                    [
                      ['customers.name', [c.first_name, c.last_name].filter(Boolean).join(' ')],
                      ['customers.email', c.email],
                      ['customers.phone', c.phone],
                      ['customers.company', c.company_name],
                      ['customers.account', t(c.has_account ? 'customers.registered' : 'customers.guest')],
                      ['common.created', date(c.created_at)],
                    ] as [MessageKey, string | null | undefined][]
                  ).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w={160}>{t(label)}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value || '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Title order={3} size="h4" mt="md" mb="sm">
                {t('customers.addresses')}
              </Title>
              <AddressBook
                customerId={id}
                addresses={c.addresses}
                defaultShipping={c.default_shipping_address_id}
                defaultBilling={c.default_billing_address_id}
                onChanged={reload}
                onResult={setFailure}
              />
            </Card>
            <Card withBorder>
              <Title order={3} size="h4" mb="sm">
                {t('customers.linked')}
              </Title>
              {data.customerLinkedAccounts.length === 0 ? (
                <Text size="sm">{t('common.none')}</Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('customers.provider')}</Table.Th>
                      <Table.Th>{t('customers.email')}</Table.Th>
                      <Table.Th>{t('customers.lastLogin')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.customerLinkedAccounts.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td tt="capitalize">{l.provider}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.email ?? l.display_name ?? '–'}</Table.Td>
                        <Table.Td>{date(l.last_login_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </SimpleGrid>

          <Title order={3} size="h4" mb="sm">
            {t('nav.orders')}
          </Title>
          <OrderTable list={data.adminOrders} page={ordersPage} pageSize={ORDERS_PAGE} onPage={setOrdersPage} />

          <Group justify="space-between" mt="xl" mb="sm">
            <Title order={3} size="h4">
              {t('customers.privacy')}
            </Title>
            <Group gap="xs">
              <Button
                variant="default"
                loading={exported.fetching}
                disabled={busy}
                onClick={() => act(() => requestExport({ id }), 'customers.exportRequested')}
              >
                {t('customers.export')}
              </Button>
              <Button color="red.9" variant="outline" disabled={busy || erasing} onClick={() => setErasing(true)}>
                {t('customers.erase')}
              </Button>
            </Group>
          </Group>
          {erasing && (
            <Card withBorder mb="md" style={{ borderColor: 'var(--mantine-color-red-9)' }} component="section" aria-label={t('customers.erase')}>
              <Text mb="sm">{t('customers.eraseWarning')}</Text>
              <Group align="end">
                <TextInput
                  label={t('customers.eraseType', { email: c.email })}
                  value={typed}
                  onChange={(e) => setTyped(e.currentTarget.value)}
                  autoComplete="off"
                  miw={320}
                />
                <Button
                  color="red.9"
                  disabled={busy || typed.trim().toLowerCase() !== c.email.toLowerCase()}
                  loading={erased.fetching}
                  onClick={() => act(() => requestErasure({ id }), 'customers.erasureRequested')}
                >
                  {t('customers.eraseConfirm')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setErasing(false);
                    setTyped('');
                  }}
                >
                  {t('common.cancel')}
                </Button>
              </Group>
            </Card>
          )}
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.kind')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('customers.requestedBy')}</Table.Th>
                <Table.Th>{t('common.created')}</Table.Th>
                <Table.Th>{t('customers.completed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.privacyRequests.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{t(r.kind === 'erasure' ? 'customers.kindErasure' : 'customers.kindExport')}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>{t(r.requested_by === 'admin' ? 'customers.byAdmin' : 'customers.byCustomer')}</Table.Td>
                  <Table.Td>{date(r.created_at)}</Table.Td>
                  <Table.Td>{date(r.completed_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.privacyRequests.length === 0 && <Text mt="md">{t('common.none')}</Text>}
        </>
      )}
    </Loading>
  );
}
