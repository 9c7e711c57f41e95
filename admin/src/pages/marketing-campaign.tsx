import { useState } from 'react';
import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCampaignDocument,
  ConsoleCreateCampaignDocument,
  ConsoleDeleteCampaignDocument,
  ConsoleMailingListsDocument,
  ConsoleSendCampaignDocument,
  ConsoleUpdateCampaignDocument,
  type ConsoleCampaignQuery,
  type ConsoleCampaignStatsFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link, navigate } from '../router';
import { ErrorNote, Facts, Loading, PageHeader, SavedNote, Section, StatusBadge, useDraft } from '../ui';
import { HELP, usePercent } from './marketing-email';
import { MarketingNav } from './marketing-nav';

type Campaign = NonNullable<ConsoleCampaignQuery['campaign']>;

const STARTER = '<h1>Hello!</h1>\n<p>Our news: <a href="https://example.com/">see more</a>.</p>\n<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>';

/** The plain-text version of an HTML body (links kept as "text (url)"), for when the text field is left empty. */
function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('a[href]').forEach((a) => {
    const href = a.getAttribute('href') ?? '';
    if (/^https?:/.test(href) && a.textContent !== href) a.append(` (${href})`);
  });
  doc.querySelectorAll('br').forEach((b) => b.replaceWith('\n'));
  doc.querySelectorAll('p, h1, h2, h3, h4, li, div, tr').forEach((b) => b.append('\n'));
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The mail as a recipient's client shows it: a sandboxed frame (no script, no same origin). */
function Preview({ html }: { html: string }) {
  const { t } = useI18n();
  return (
    <iframe
      title={t('email.preview')}
      sandbox=""
      srcDoc={html}
      style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'white' }}
    />
  );
}

/** A campaign (`id`, or a new one): a draft is edited, previewed, deleted or sent now; a sent one shows its statistics. */
export default function MarketingCampaign({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, fetching, error }, reread] = useQuery({
    query: ConsoleCampaignDocument,
    variables: { id: id ?? '' },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const campaign = data?.campaign ?? null;
  if (id && !campaign)
    return (
      <Loading fetching={fetching} error={error}>
        {null}
      </Loading>
    );
  return (
    <>
      <PageHeader title={campaign ? t('email.campaignTitle', { name: campaign.name }) : t('email.newCampaign')}>
        {campaign && <StatusBadge status={campaign.status} />}
      </PageHeader>
      <MarketingNav />
      <Group mb="md">
        <Link to="/marketing/email/campaigns">{t('email.backToCampaigns')}</Link>
      </Group>
      {campaign && campaign.status !== 'draft' ? (
        <Sent campaign={campaign} />
      ) : (
        <Editor key={campaign?.id ?? 'new'} campaign={campaign} onSaved={() => reread({ requestPolicy: 'network-only' })} />
      )}
    </>
  );
}

interface CampaignDraft {
  name: string;
  subject: string;
  list_id: string;
  html: string;
  text: string;
}

function Editor({ campaign, onSaved }: { campaign: Campaign | null; onSaved: () => void }) {
  const { t, number } = useI18n();
  const [lists] = useQuery({ query: ConsoleMailingListsDocument, requestPolicy: 'cache-and-network' });
  const [created, create] = useMutation(ConsoleCreateCampaignDocument);
  const [updated, update] = useMutation(ConsoleUpdateCampaignDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteCampaignDocument);
  const [sent, send] = useMutation(ConsoleSendCampaignDocument);
  const [saved, setSaved] = useState(false);
  const all = lists.data?.mailingLists ?? [];
  const f = useDraft<CampaignDraft>(
    () => ({
      name: campaign?.name ?? '',
      subject: campaign?.subject ?? '',
      list_id: campaign?.list_id ?? '',
      html: campaign?.html ?? STARTER,
      text: campaign?.text ?? '',
    }),
    (d) => {
      const wrong: Record<string, MessageKey> = {};
      if (!d.name.trim()) wrong.name = 'email.nameRequired';
      if (!d.subject.trim()) wrong.subject = 'email.subjectRequired';
      if (!d.list_id && all.length !== 1) wrong.list_id = 'email.listRequired';
      if (!d.html.trim()) wrong.html = 'email.htmlRequired';
      return wrong;
    },
  );
  const listId = f.d.list_id || (all.length === 1 ? all[0].id : '');
  const list = all.find((l) => l.id === listId);
  const input = () => ({
    name: f.d.name.trim(),
    subject: f.d.subject.trim(),
    list_id: listId,
    html: f.d.html,
    text: f.d.text.trim() || textOf(f.d.html) || f.d.subject.trim(),
  });
  const save = async () => {
    setSaved(false);
    if (campaign) {
      const r = await update({ id: campaign.id, input: input() });
      if (!r.error) {
        setSaved(true);
        onSaved();
      }
    } else {
      const r = await create({ input: input() });
      if (r.data) navigate(`/marketing/email/campaigns/${r.data.createCampaign.id}`);
    }
  };
  const del = async () => {
    if (!campaign || !window.confirm(t('email.campaignDeleteConfirm', { name: campaign.name }))) return;
    const r = await remove({ id: campaign.id });
    if (!r.error) navigate('/marketing/email/campaigns');
  };
  const sendNow = async () => {
    if (!campaign || !list) return;
    if (!window.confirm(t('email.sendConfirm', { name: list.name, n: number(list.subscribed_count) }))) return;
    // what is on screen is what goes out: the draft is saved first
    const u = await update({ id: campaign.id, input: input() });
    if (u.error) return;
    const r = await send({ id: campaign.id });
    if (!r.error) onSaved();
  };
  return (
    <form onSubmit={f.onSubmit(() => void save())} noValidate>
      <Stack>
        <ErrorNote error={created.error ?? updated.error ?? deleted.error ?? sent.error ?? lists.error} />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label={t('catalogue.name')} required value={f.d.name} error={f.err('name')} onChange={(e) => f.set({ name: e.currentTarget.value })} />
          <TextInput
            label={t('email.subject')}
            required
            value={f.d.subject}
            error={f.err('subject')}
            onChange={(e) => f.set({ subject: e.currentTarget.value })}
          />
          <NativeSelect
            label={t('email.list')}
            required
            value={listId}
            error={f.err('list_id')}
            onChange={(e) => f.set({ list_id: e.currentTarget.value })}
            data={[
              { value: '', label: t('email.chooseList') },
              ...all.map((l) => ({ value: l.id, label: `${l.name} (${t('email.subscribedNow', { n: number(l.subscribed_count) })})` })),
            ]}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Stack gap="xs">
            <Textarea
              label={t('email.html')}
              description={t('email.htmlHelp')}
              required
              value={f.d.html}
              error={f.err('html')}
              onChange={(e) => f.set({ html: e.currentTarget.value })}
              autosize
              minRows={10}
              maxRows={30}
              styles={{ input: { fontFamily: 'monospace' }, description: HELP }}
            />
            <Textarea
              label={t('email.text')}
              description={t('email.textHelp')}
              value={f.d.text}
              onChange={(e) => f.set({ text: e.currentTarget.value })}
              styles={{ description: HELP }}
              autosize
              minRows={4}
              maxRows={20}
            />
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('email.preview')}
            </Text>
            <Text size="sm">
              {t('email.subject')}: {f.d.subject}
            </Text>
            <Preview html={f.d.html} />
          </Stack>
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={created.fetching || updated.fetching}>
            {campaign ? t('common.save') : t('common.create')}
          </Button>
          {campaign && (
            <Button color="green" onClick={() => void sendNow()} loading={sent.fetching} disabled={!list}>
              {t('email.sendNow')}
            </Button>
          )}
          {campaign && (
            <Button variant="default" color="red" onClick={() => void del()} loading={deleted.fetching}>
              {t('common.delete')}
            </Button>
          )}
          <SavedNote shown={saved} />
        </Group>
        {campaign && <Text size="sm">{t('email.sendHelp')}</Text>}
      </Stack>
    </form>
  );
}

function Sent({ campaign }: { campaign: Campaign }) {
  const { t, date } = useI18n();
  const [lists] = useQuery({ query: ConsoleMailingListsDocument });
  const list = lists.data?.mailingLists.find((l) => l.id === campaign.list_id);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('email.campaign')}>
          <Facts
            rows={[
              [t('email.subject'), campaign.subject],
              [t('email.list'), list?.name ?? '–'],
              [t('email.sentAt'), date(campaign.sent_at)],
              [t('email.recipients'), String(campaign.recipients)],
            ]}
          />
        </Section>
        <Stats stats={campaign.stats} />
      </SimpleGrid>
      <Card withBorder component="section" aria-label={t('email.preview')}>
        <Title order={3} size="h4" mb="sm">
          {t('email.preview')}
        </Title>
        <Preview html={campaign.html} />
      </Card>
    </Stack>
  );
}

function Stats({ stats }: { stats: ConsoleCampaignStatsFragment }) {
  const { t, number } = useI18n();
  const percent = usePercent();
  return (
    <Section title={t('email.stats')}>
      <Facts
        rows={[
          [t('email.recipients'), number(stats.recipients)],
          [t('email.delivered'), number(stats.delivered)],
          [t('email.failed'), number(stats.failed)],
          [t('email.opens'), t('email.uniqueOfTotal', { unique: number(stats.unique_opens), total: number(stats.total_opens) })],
          [t('email.clicks'), t('email.uniqueOfTotal', { unique: number(stats.unique_clicks), total: number(stats.total_clicks) })],
          [t('email.openRate'), percent(stats.open_rate)],
          [t('email.clickRate'), percent(stats.click_rate)],
          [t('email.clickToOpen'), percent(stats.click_to_open_rate)],
        ]}
      />
      {stats.links.length > 0 && (
        <Table mt="sm" aria-label={t('email.linkClicks')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('email.link')}</Table.Th>
              <Table.Th>{t('email.clicks')}</Table.Th>
              <Table.Th>{t('email.uniqueClicks')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.links.map((l) => (
              <Table.Tr key={l.url}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.url}</Table.Td>
                <Table.Td>{number(l.clicks)}</Table.Td>
                <Table.Td>{number(l.unique_clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
