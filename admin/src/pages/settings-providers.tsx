import { useState } from 'react';
import { Button, Card, Code, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleConfigureSocialProviderDocument, ConsoleProvidersDocument, ConsoleSavePaymentProviderDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading } from '../ui';

/** What the API answers for a saved secret: it is never shown again. */
const MASK = '••••';

/** The payment providers the platform has, and the settings each takes (`secret`: write-only). */
const PAYMENT: { id: string; title: string; fields: { key: string; secret?: boolean }[] }[] = [
  { id: 'pp_system_default', title: 'Manual (system)', fields: [] },
  {
    id: 'pp_bank-transfer_default',
    title: 'Bank transfer',
    fields: [{ key: 'account_holder' }, { key: 'iban' }, { key: 'bic' }, { key: 'bank_name' }, { key: 'instructions' }],
  },
  { id: 'pp_stripe_stripe', title: 'Stripe', fields: [{ key: 'api_key', secret: true }, { key: 'base_url' }] },
  { id: 'pp_paypal_paypal', title: 'PayPal', fields: [{ key: 'client_id' }, { key: 'client_secret', secret: true }, { key: 'base_url' }] },
];

/** Under a secret's field: whether a value is saved (it is never shown), in a colour that reads well. */
export function SecretNote({ saved }: { saved: boolean }) {
  const { t } = useI18n();
  return (
    <Text span size="xs" c="gray.8">
      {saved ? t('settings.secretSaved') : t('settings.secretWriteOnly')}
    </Text>
  );
}

/** A provider form's Save button (named after the provider) and its confirmation. */
export function SaveRow({ title, busy, done }: { title: string; busy: boolean; done: boolean }) {
  const { t } = useI18n();
  return (
    <Group>
      <Button type="submit" size="xs" loading={busy} aria-label={`${t('common.save')} ${title}`}>
        {t('common.save')}
      </Button>
      {done && (
        <Text role="status" size="sm" c="green.9">
          {t('common.saved')}
        </Text>
      )}
    </Group>
  );
}

type Saved = { enabled: boolean; region_ids: string[]; settings: Record<string, unknown> } | undefined;

function PaymentProviderForm({ spec, saved, onSaved }: { spec: (typeof PAYMENT)[number]; saved: Saved; onSaved: () => void }) {
  const { t } = useI18n();
  const [result, save] = useMutation(ConsoleSavePaymentProviderDocument);
  const [enabled, setEnabled] = useState(saved?.enabled ?? false);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(spec.fields.map((f) => [f.key, f.secret ? '' : String(saved?.settings[f.key] ?? '')])),
  );
  const [done, setDone] = useState(false);
  return (
    <Card
      withBorder
      component="form"
      aria-label={spec.title}
      onSubmit={(e) => {
        e.preventDefault();
        setDone(false);
        const settings: Record<string, string> = {};
        for (const f of spec.fields) {
          const v = values[f.key].trim();
          // a secret left empty keeps what is stored (sent as the mask); never read back
          if (f.secret) {
            if (v) settings[f.key] = v;
            else if (saved?.settings[f.key] === MASK) settings[f.key] = MASK;
          } else if (v) settings[f.key] = v;
        }
        void save({ input: { provider_id: spec.id, enabled, region_ids: saved?.region_ids ?? [], settings } }).then((r) => {
          if (r.data) {
            setDone(true);
            setValues((old) => Object.fromEntries(Object.entries(old).map(([k, v]) => [k, spec.fields.find((f) => f.key === k)?.secret ? '' : v])));
            onSaved();
          }
        });
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5">
            {spec.title} <Code>{spec.id}</Code>
          </Title>
          <Switch label={t('settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        </Group>
        <ErrorNote error={result.error} />
        {spec.fields.map((f) =>
          f.secret ? (
            <PasswordInput
              key={f.key}
              label={f.key}
              autoComplete="new-password"
              description={<SecretNote saved={saved?.settings[f.key] === MASK} />}
              value={values[f.key]}
              onChange={(e) => setValues({ ...values, [f.key]: e.currentTarget.value })}
            />
          ) : (
            <TextInput key={f.key} label={f.key} value={values[f.key]} onChange={(e) => setValues({ ...values, [f.key]: e.currentTarget.value })} />
          ),
        )}
        <SaveRow title={spec.title} busy={result.fetching} done={done} />
      </Stack>
    </Card>
  );
}

type Social = {
  provider: string;
  title: string;
  enabled: boolean;
  configured: boolean;
  client_id?: string | null;
  has_client_secret: boolean;
  redirect_uri: string;
};

function SocialProviderForm({ p, onSaved }: { p: Social; onSaved: () => void }) {
  const { t } = useI18n();
  const [result, save] = useMutation(ConsoleConfigureSocialProviderDocument);
  const [enabled, setEnabled] = useState(p.enabled);
  const [clientId, setClientId] = useState(p.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [done, setDone] = useState(false);
  return (
    <Card
      withBorder
      component="form"
      aria-label={p.title}
      onSubmit={(e) => {
        e.preventDefault();
        setDone(false);
        void save({ input: { provider: p.provider, enabled, client_id: clientId.trim() || null, ...(secret ? { client_secret: secret } : {}) } }).then((r) => {
          if (r.data) {
            setDone(true);
            setSecret('');
            onSaved();
          }
        });
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5">
            {p.title}
          </Title>
          <Switch label={t('settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        </Group>
        <ErrorNote error={result.error} />
        <TextInput label="client_id" value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
        <PasswordInput
          label="client_secret"
          autoComplete="new-password"
          description={<SecretNote saved={p.has_client_secret} />}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
        />
        <Text size="xs" c="gray.8">
          {t('settings.redirectUri')}: <Code>{p.redirect_uri}</Code>
        </Text>
        <SaveRow title={p.title} busy={result.fetching} done={done} />
      </Stack>
    </Card>
  );
}

/** Payment providers and social sign-in providers: secrets are write-only (the API answers them masked). */
export function Providers() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleProvidersDocument });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <Loading fetching={fetching} error={error}>
      {data && (
        <Stack mt="lg">
          <Title order={3} size="h4">
            {t('settings.payment')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {PAYMENT.map((spec) => {
              const row = data.adminPaymentProviders.find((r) => r.provider_id === spec.id);
              return (
                <PaymentProviderForm
                  key={spec.id}
                  spec={spec}
                  saved={row && { enabled: row.enabled, region_ids: row.region_ids, settings: row.settings as Record<string, unknown> }}
                  onSaved={reload}
                />
              );
            })}
          </SimpleGrid>
          <Title order={3} size="h4">
            {t('settings.social')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {data.socialProviders.map((p) => (
              <SocialProviderForm key={p.provider} p={p} onSaved={reload} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Loading>
  );
}
