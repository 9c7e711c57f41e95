import { useState } from 'react';
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, type CombinedError, type OperationResult } from 'urql';
import {
  ConsoleAddCustomerAddressDocument,
  ConsoleDeleteCustomerAddressDocument,
  ConsoleUpdateCustomerAddressDocument,
  ConsoleUpdateCustomerDocument,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { RowActions } from '../ui';

interface Profile {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  company_name?: string | null;
}

interface Address {
  id: string;
  address_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  province?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

const PROFILE_FIELDS: [keyof Profile, MessageKey][] = [
  ['first_name', 'customers.firstName'],
  ['last_name', 'customers.lastName'],
  ['phone', 'customers.phone'],
  ['company_name', 'customers.company'],
];

const ADDRESS_FIELDS: [Exclude<keyof Address, 'id'>, MessageKey][] = [
  ['address_name', 'customers.addressName'],
  ['first_name', 'customers.firstName'],
  ['last_name', 'customers.lastName'],
  ['company', 'customers.company'],
  ['address_1', 'customers.address1'],
  ['address_2', 'customers.address2'],
  ['postal_code', 'customers.postalCode'],
  ['city', 'customers.city'],
  ['province', 'customers.province'],
  ['country_code', 'customers.country'],
  ['phone', 'customers.phone'],
];

/** Empty fields are sent as null (cleared); everything else trimmed. */
const cleaned = <T extends object>(draft: T): T =>
  Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || null : v])) as T;

/** Runs a change; the API's refusal goes to `onResult`, the page is read again after a success. */
const useRun = (onResult: (error: CombinedError | null) => void) => (run: () => Promise<OperationResult>, after?: () => void) =>
  void run().then((r) => {
    onResult(r.error ?? null);
    if (!r.error) after?.();
  });

/** The admin edits a customer's profile (not the email: that stays the customer's own change). */
export function ProfileEditor({
  id,
  customer,
  onDone,
  onResult,
}: {
  id: string;
  customer: Profile;
  onDone: () => void;
  onResult: (e: CombinedError | null) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Profile>(() => Object.fromEntries(PROFILE_FIELDS.map(([k]) => [k, customer[k] ?? ''])));
  const [saved, save] = useMutation(ConsoleUpdateCustomerDocument);
  const run = useRun(onResult);
  return (
    <form
      aria-label={t('customers.editProfile')}
      onSubmit={(e) => {
        e.preventDefault();
        run(() => save({ id, input: cleaned(draft) }), onDone);
      }}
    >
      <Stack gap="xs">
        {PROFILE_FIELDS.map(([k, label]) => (
          <TextInput
            key={k}
            label={t(label)}
            maxLength={k === 'phone' ? 50 : 200}
            value={draft[k] ?? ''}
            onChange={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })}
          />
        ))}
        <Group>
          <Button type="submit" loading={saved.fetching}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One address's form (a new one when `address` is absent), with the default marks. */
function AddressForm(props: {
  customerId: string;
  address?: Address;
  defaults: { shipping: boolean; billing: boolean };
  onDone: () => void;
  onResult: (e: CombinedError | null) => void;
}) {
  const { t } = useI18n();
  const { customerId, address } = props;
  const [draft, setDraft] = useState<Omit<Address, 'id'>>(() => Object.fromEntries(ADDRESS_FIELDS.map(([k]) => [k, address?.[k] ?? ''])));
  const [shipping, setShipping] = useState(props.defaults.shipping);
  const [billing, setBilling] = useState(props.defaults.billing);
  const [added, add] = useMutation(ConsoleAddCustomerAddressDocument);
  const [updated, update] = useMutation(ConsoleUpdateCustomerAddressDocument);
  const run = useRun(props.onResult);
  const title = address ? t('customers.editAddress') : t('customers.addAddress');
  return (
    <Card withBorder component="section" aria-label={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const input = {
            ...cleaned(draft),
            country_code: (draft.country_code ?? '').trim().toLowerCase() || null,
            is_default_shipping: shipping,
            is_default_billing: billing,
          };
          run(() => (address ? update({ customerId, id: address.id, input }) : add({ customerId, input })), props.onDone);
        }}
      >
        <Title order={4} size="h5" mb="xs">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {ADDRESS_FIELDS.map(([k, label]) => (
            <TextInput
              key={k}
              label={t(label)}
              description={k === 'country_code' ? t('customers.countryHint') : undefined}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              maxLength={k === 'country_code' ? 2 : 200}
              value={draft[k] ?? ''}
              onChange={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
        <Group mt="sm">
          <Checkbox label={t('customers.defaultShippingMark')} checked={shipping} onChange={(e) => setShipping(e.currentTarget.checked)} />
          <Checkbox label={t('customers.defaultBillingMark')} checked={billing} onChange={(e) => setBilling(e.currentTarget.checked)} />
        </Group>
        <Group mt="sm">
          <Button type="submit" loading={added.fetching || updated.fetching}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={props.onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** The customer's address book: each address with Edit and Delete (after a confirmation), and Add address. */
export function AddressBook(props: {
  customerId: string;
  addresses: Address[];
  defaultShipping?: string | null;
  defaultBilling?: string | null;
  onChanged: () => void;
  onResult: (e: CombinedError | null) => void;
}) {
  const { t } = useI18n();
  const { customerId, addresses } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleted, remove] = useMutation(ConsoleDeleteCustomerAddressDocument);
  const run = useRun(props.onResult);
  const done = () => {
    setEditing(null);
    props.onChanged();
  };
  const line = (a: Address) =>
    [
      a.address_name,
      [a.first_name, a.last_name].filter(Boolean).join(' '),
      a.company,
      a.address_1,
      a.address_2,
      `${a.postal_code ?? ''} ${a.city ?? ''}`.trim(),
      a.province,
      a.country_code?.toUpperCase(),
      a.phone,
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <Stack gap="xs">
      {addresses.length === 0 && <Text size="sm">{t('common.none')}</Text>}
      {addresses.map((a) =>
        editing === a.id ? (
          <AddressForm
            key={a.id}
            customerId={customerId}
            address={a}
            defaults={{ shipping: a.id === props.defaultShipping, billing: a.id === props.defaultBilling }}
            onDone={done}
            onResult={props.onResult}
          />
        ) : (
          <Group key={a.id} justify="space-between" wrap="nowrap" align="start">
            <Text size="sm">
              {line(a)}
              {a.id === props.defaultShipping && ` · ${t('customers.defaultShipping')}`}
              {a.id === props.defaultBilling && ` · ${t('customers.defaultBilling')}`}
            </Text>
            <RowActions
              edit={{ label: `${t('site.edit')}: ${line(a)}`, onClick: () => setEditing(a.id) }}
              remove={{
                label: `${t('common.delete')}: ${line(a)}`,
                question: t('customers.deleteAddressConfirm', { address: line(a) }),
                onConfirm: () => run(() => remove({ customerId, id: a.id }), done),
                disabled: deleted.fetching,
              }}
            />
          </Group>
        ),
      )}
      {editing === 'new' ? (
        <AddressForm customerId={customerId} defaults={{ shipping: addresses.length === 0, billing: false }} onDone={done} onResult={props.onResult} />
      ) : (
        <Group>
          <Button size="xs" variant="default" onClick={() => setEditing('new')}>
            {t('customers.addAddress')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
