import { useState } from 'react';
import { Anchor, Button, Card, Code, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleSaveStoreMailSettingsDocument,
  ConsoleSendStoreTestMailDocument,
  ConsoleStoreMailSettingsDocument,
  type ConsoleStoreMailSettingsQuery,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link } from '../router';
import { ErrorNote, Facts, Loading, PageHeader, SavedNote } from '../ui';
import { SecretNote } from './settings-providers';

type Saved = ConsoleStoreMailSettingsQuery['storeMailSettings'];

/** A field's description, in the grey that keeps WCAG AA contrast. */
const hint = (text: string) => (
  <Text span size="xs" c="gray.8">
    {text}
  </Text>
);

/** The sender, reply-to and the store's own SMTP server (its password write-only: empty keeps the saved one). */
function MailForm({ saved, onSaved }: { saved: Saved; onSaved: () => void }) {
  const { t } = useI18n();
  const [result, save] = useMutation(ConsoleSaveStoreMailSettingsDocument);
  const [done, setDone] = useState(false);
  const [name, setName] = useState(saved.sender_name ?? '');
  const [email, setEmail] = useState(saved.sender_email ?? '');
  const [replyTo, setReplyTo] = useState(saved.reply_to ?? '');
  const [smtpUrl, setSmtpUrl] = useState(saved.smtp_url ?? '');
  const [password, setPassword] = useState('');
  return (
    <Card
      withBorder
      component="form"
      aria-label={t('mail.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        setDone(false);
        const url = smtpUrl.trim();
        void save({
          input: {
            sender_name: name.trim() || null,
            sender_email: email.trim() || null,
            reply_to: replyTo.trim() || null,
            smtp_url: url || null,
            // write-only: sent only when typed, so saving with it empty keeps the stored one
            ...(url && password ? { smtp_password: password } : {}),
          },
        }).then((r) => {
          if (r.data) {
            setDone(true);
            setPassword('');
            onSaved();
          }
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('mail.settings')}
        </Title>
        <ErrorNote error={result.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('mail.senderName')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={t('mail.senderEmail')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput
          label={t('mail.replyTo')}
          type="email"
          description={hint(t('mail.replyToNote'))}
          value={replyTo}
          onChange={(e) => setReplyTo(e.currentTarget.value)}
        />
        <Title order={4} size="h5" mt="sm">
          {t('mail.server')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('mail.serverNote')}
        </Text>
        <TextInput
          label={t('mail.smtpUrl')}
          placeholder="smtp://user@mail.example.com:587"
          description={hint(t('mail.smtpUrlNote'))}
          value={smtpUrl}
          onChange={(e) => setSmtpUrl(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('mail.smtpPassword')}
          autoComplete="new-password"
          description={<SecretNote saved={saved.smtp_password_set} />}
          value={password}
          disabled={!smtpUrl.trim()}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={result.fetching}>
            {t('common.save')}
          </Button>
          <SavedNote shown={done} />
        </Group>
      </Stack>
    </Card>
  );
}

/** Sends a test mail to the signed-in admin as the store's mails leave now, and says where it went. */
function TestMail() {
  const { t } = useI18n();
  const [result, send] = useMutation(ConsoleSendStoreTestMailDocument);
  const sent = result.data?.sendStoreTestMail;
  return (
    <Card withBorder component="section" aria-label={t('mail.test')}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('mail.test')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('mail.testNote')}
        </Text>
        <ErrorNote error={result.error} />
        <Group>
          <Button variant="default" loading={result.fetching} onClick={() => void send({})}>
            {t('mail.sendTest')}
          </Button>
          {sent && !result.fetching && (
            <Text role="status" size="sm" c="#1f6f32">
              {t('mail.testSent', { to: sent.to, via: t(`mail.via.${sent.via}` as 'mail.via.file') })}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Settings › Mail: how the store's transactional mails (orders, accounts, forms, quotes, events, subscriptions) leave. */
export default function SettingsMail() {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleStoreMailSettingsDocument, requestPolicy: 'network-only' });
  const s = data?.storeMailSettings;
  return (
    <>
      <PageHeader title={t('mail.title')}>
        <Anchor component={Link} to="/settings">
          {t('nav.settings')}
        </Anchor>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {s && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <MailForm saved={s} onSaved={() => refetch({ requestPolicy: 'network-only' })} />
            <Stack>
              <Card withBorder component="section" aria-label={t('mail.now')}>
                <Title order={3} size="h4" mb="sm">
                  {t('mail.now')}
                </Title>
                <Facts
                  rows={[
                    [t('mail.from'), <Code key="from">{s.from}</Code>],
                    [t('mail.replyTo'), s.reply_to ?? t('mail.toSender')],
                    [t('mail.server'), s.smtp_url ? <Code key="smtp">{s.smtp_url}</Code> : t('mail.platformServer')],
                    [t('mail.smtpPassword'), s.smtp_password_set ? t('mail.passwordSet') : t('mail.passwordNotSet')],
                    [t('mail.updated'), s.updated_at ? date(s.updated_at) : '–'],
                  ]}
                />
              </Card>
              <TestMail />
            </Stack>
          </SimpleGrid>
        )}
      </Loading>
    </>
  );
}
