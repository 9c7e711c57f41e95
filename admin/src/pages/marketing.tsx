import { useEffect, useRef, useState } from 'react';
import { Button, Card, Checkbox, Group, Image, NativeSelect, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import {
  ConsoleCancelSocialPostDocument,
  ConsoleConnectSocialDocument,
  ConsoleDisconnectSocialAccountDocument,
  ConsoleDraftSocialPostDocument,
  ConsoleMarketingMetricsDocument,
  ConsoleMarketingSocialDocument,
  ConsolePublishSocialPostDocument,
  ConsoleScheduleSocialPostDocument,
  ConsoleSocialAuthorizeUrlDocument,
  type ConsoleMarketingMetricsQuery,
  type ConsoleMarketingSocialQuery,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';
import { AdChannels } from './marketing-ads';
import { MarketingNav } from './marketing-nav';

type Account = ConsoleMarketingSocialQuery['assistantSocialAccounts'][number];
type Channel = ConsoleMarketingMetricsQuery['assistantMarketingDashboard']['channels'][number];
type Money = { amount: number; currency_code: string };

/** Where Meta or the Mastodon instance sends the admin back, with the code and state to connect. */
const redirectUri = () => `${location.origin}/app/marketing`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const NETWORKS = ['instagram', 'facebook', 'mastodon'];
const CHANNELS: Record<string, MessageKey> = { meta: 'marketing.meta', google_ads: 'marketing.googleAds', other: 'marketing.other' };

export default function Marketing() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('nav.marketing')} />
      <MarketingNav />
      <Tabs defaultValue="social">
        <Tabs.List mb="md">
          <Tabs.Tab value="social">{t('marketing.social')}</Tabs.Tab>
          <Tabs.Tab value="metrics">{t('marketing.metrics')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="social">
          <Social />
        </Tabs.Panel>
        <Tabs.Panel value="metrics">
          <Metrics />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Social() {
  const [{ data, fetching, error }, reread] = useQuery({ query: ConsoleMarketingSocialDocument });
  const [connected, connect] = useMutation(ConsoleConnectSocialDocument);
  const done = useRef(false);
  const [refused, setRefused] = useState<Error | null>(null);
  // back from the provider's authorization page: its code and state complete the connection
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const code = q.get('code');
    const state = q.get('state');
    const denied = q.get('error_description') ?? q.get('error');
    if ((!denied && (!code || !state)) || done.current) return;
    done.current = true;
    history.replaceState(null, '', location.pathname);
    // the admin said no at the provider, or it failed: nothing to connect
    if (denied || !code || !state) return setRefused(new Error(denied ?? ''));
    void connect({ code, state, redirect_uri: redirectUri() }).then(() => reread({ requestPolicy: 'network-only' }));
  }, [connect, reread]);
  const accounts = data?.assistantSocialAccounts ?? [];
  return (
    <Loading fetching={fetching} error={error}>
      <ErrorNote error={connected.error ?? refused} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Composer accounts={accounts} />
        <Accounts accounts={accounts} onChange={() => reread({ requestPolicy: 'network-only' })} />
      </SimpleGrid>
      {data && <Posts posts={data.assistantSocialPosts} accounts={accounts} />}
    </Loading>
  );
}

/** A brief becomes a draft (caption, hashtags, a suggested image) to edit, then published now or scheduled. */
function Composer({ accounts }: { accounts: Account[] }) {
  const { t } = useI18n();
  const [drafted, draft] = useMutation(ConsoleDraftSocialPostDocument);
  const [published, publish] = useMutation(ConsolePublishSocialPostDocument);
  const [scheduled, schedule] = useMutation(ConsoleScheduleSocialPostDocument);
  const [brief, setBrief] = useState('');
  const [network, setNetwork] = useState('instagram');
  const [caption, setCaption] = useState('');
  const [hashtags, setHashtags] = useState('');
  const [useImage, setUseImage] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [at, setAt] = useState('');
  const [outcome, setOutcome] = useState<MessageKey | null>(null);
  const d = drafted.data?.draftAssistantSocialPost;
  const makeDraft = async () => {
    setOutcome(null);
    const r = await draft({ input: { brief, network } });
    const got = r.data?.draftAssistantSocialPost;
    if (got) {
      setCaption(got.caption);
      setHashtags(got.hashtags.join(' '));
      setUseImage(!!got.image);
    }
  };
  const input = () => ({
    caption,
    hashtags: hashtags.split(/[\s,]+/).filter(Boolean),
    image_url: useImage && d?.image ? d.image.url : null,
    accounts: chosen,
  });
  const send = async (when: 'now' | 'later') => {
    setOutcome(null);
    const r = when === 'now' ? await publish({ input: input() }) : await schedule({ at: new Date(at).toISOString(), input: input() });
    if (!r.error) setOutcome(when === 'now' ? 'marketing.published' : 'marketing.scheduled');
  };
  return (
    <Card withBorder component="section" aria-label={t('marketing.compose')}>
      <Title order={3} size="h4" mb="sm">
        {t('marketing.compose')}
      </Title>
      <Stack>
        <Textarea
          label={t('marketing.brief')}
          description={t('marketing.briefHelp')}
          styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
          autosize
          minRows={2}
          value={brief}
          onChange={(e) => setBrief(e.currentTarget.value)}
        />
        <Group align="end">
          <NativeSelect label={t('marketing.network')} data={NETWORKS} value={network} onChange={(e) => setNetwork(e.currentTarget.value)} />
          <Button variant="default" disabled={!brief.trim()} loading={drafted.fetching} onClick={() => void makeDraft()}>
            {t('marketing.draft')}
          </Button>
        </Group>
        <ErrorNote error={drafted.error} />
        {d && (
          <>
            {d.offline && (
              <Text size="sm" c="gray.8">
                {t('marketing.offline')}
              </Text>
            )}
            <Textarea label={t('marketing.caption')} autosize minRows={4} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} />
            <TextInput label={t('marketing.hashtags')} value={hashtags} onChange={(e) => setHashtags(e.currentTarget.value)} />
            {d.image ? (
              <Group align="start">
                <Image src={d.image.url} alt={d.image.alt ?? t('marketing.image')} w={120} h={120} fit="contain" />
                <Checkbox label={t('marketing.useImage')} checked={useImage} onChange={(e) => setUseImage(e.currentTarget.checked)} />
              </Group>
            ) : (
              <Text size="sm">{t('marketing.noImage')}</Text>
            )}
            {accounts.length === 0 ? (
              <Text size="sm">{t('marketing.connectFirst')}</Text>
            ) : (
              <Checkbox.Group label={t('marketing.postTo')} value={chosen} onChange={setChosen}>
                <Group mt="xs">
                  {accounts.map((a) => (
                    <Checkbox key={a.id} value={a.id} label={`${a.name} (${a.network})`} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Group align="end">
              <Button disabled={chosen.length === 0 || !caption.trim()} loading={published.fetching} onClick={() => void send('now')}>
                {t('marketing.publish')}
              </Button>
              <TextInput label={t('marketing.at')} type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
              <Button
                variant="default"
                disabled={chosen.length === 0 || !caption.trim() || !at}
                loading={scheduled.fetching}
                onClick={() => void send('later')}
              >
                {t('marketing.schedule')}
              </Button>
            </Group>
            <ErrorNote error={published.error ?? scheduled.error} />
            {outcome && (
              <Text role="status" c="green.9">
                {t(outcome)}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The connected accounts, each to disconnect, and the way to connect more at Meta or a Mastodon instance. */
function Accounts({ accounts, onChange }: { accounts: Account[]; onChange: () => void }) {
  const { t, date } = useI18n();
  const client = useClient();
  const [disconnected, disconnect] = useMutation(ConsoleDisconnectSocialAccountDocument);
  const [instance, setInstance] = useState('');
  const [failed, setFailed] = useState<Error | null>(null);
  const go = async (network: 'meta' | 'mastodon') => {
    setFailed(null);
    const r = await client
      .query(
        ConsoleSocialAuthorizeUrlDocument,
        { network, instance: network === 'mastodon' ? instance : null, redirect_uri: redirectUri() },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    if (r.error) setFailed(r.error);
    else if (r.data) location.assign(r.data.assistantSocialAuthorizeUrl.url);
  };
  return (
    <Card withBorder component="section" aria-label={t('marketing.accounts')}>
      <Title order={3} size="h4" mb="sm">
        {t('marketing.accounts')}
      </Title>
      {accounts.length === 0 ? (
        <Text size="sm">{t('marketing.noAccounts')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('marketing.account')}</Table.Th>
              <Table.Th>{t('marketing.network')}</Table.Th>
              <Table.Th>{t('marketing.tokenExpires')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>{a.network}</Table.Td>
                <Table.Td>{date(a.token_expires_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={`${t('marketing.disconnect')} ${a.name}`}
                    loading={disconnected.fetching}
                    onClick={() => void disconnect({ id: a.id }).then(onChange)}
                  >
                    {t('marketing.disconnect')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ErrorNote error={disconnected.error ?? failed} />
      <Stack mt="md" gap="xs">
        <Group>
          <Button variant="default" onClick={() => void go('meta')}>
            {t('marketing.connectMeta')}
          </Button>
        </Group>
        <Group align="end">
          <TextInput
            label={t('marketing.instance')}
            placeholder="https://mastodon.social"
            value={instance}
            onChange={(e) => setInstance(e.currentTarget.value)}
          />
          <Button variant="default" disabled={!/^https?:\/\/./.test(instance)} onClick={() => void go('mastodon')}>
            {t('marketing.connectMastodon')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Posts published or scheduled, newest first: the result per account, and cancel while scheduled. */
function Posts({ posts, accounts }: { posts: ConsoleMarketingSocialQuery['assistantSocialPosts']; accounts: Account[] }) {
  const { t, date } = useI18n();
  const [cancelled, cancel] = useMutation(ConsoleCancelSocialPostDocument);
  const name = (id: string) => accounts.find((a) => a.id === id)?.name ?? id;
  return (
    <section aria-label={t('marketing.posts')}>
      <Title order={3} size="h4" mt="xl" mb="sm">
        {t('marketing.posts')}
      </Title>
      <ErrorNote error={cancelled.error} />
      {posts.length === 0 ? (
        <Text>{t('common.none')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('marketing.caption')}</Table.Th>
              <Table.Th>{t('common.status')}</Table.Th>
              <Table.Th>{t('marketing.when')}</Table.Th>
              <Table.Th>{t('marketing.results')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {posts.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td maw={360}>
                  <Text size="sm" lineClamp={3}>
                    {p.caption}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={p.status} />
                </Table.Td>
                <Table.Td>{date(p.scheduled_at ?? p.created_at)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {p.results.length === 0
                      ? p.accounts.map((id) => (
                          <Text key={id} size="sm">
                            {name(id)}
                          </Text>
                        ))
                      : p.results.map((r) => (
                          <div key={r.account_id}>
                            <Group gap="xs">
                              <Text size="sm">{name(r.account_id)}</Text>
                              <StatusBadge status={r.status} />
                            </Group>
                            {r.error && (
                              <Text size="xs" c="red.9">
                                {r.error}
                              </Text>
                            )}
                          </div>
                        ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {p.status === 'scheduled' && (
                    <Button size="xs" variant="outline" color="red.9" loading={cancelled.fetching} onClick={() => void cancel({ id: p.id })}>
                      {t('common.cancel')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

/** Spend, impressions, clicks, conversions and revenue per channel and day of a range, with totals; the ad accounts read. */
function Metrics() {
  const { t, date, number, money } = useI18n();
  const now = new Date();
  const [from, setFrom] = useState(day(new Date(now.getTime() - 29 * 86_400_000)));
  const [to, setTo] = useState(day(now));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleMarketingMetricsDocument, variables: { from, to }, pause: !valid });
  const dashboard = data?.assistantMarketingDashboard;
  const revenue = (list: Money[]) => (list.length ? list.map((m) => money(m.amount, m.currency_code)).join(', ') : '–');
  const count = (n: number | null | undefined) => (n === null || n === undefined ? '–' : number(n));
  return (
    <>
      <Group align="end" mb="md">
        <TextInput label={t('marketing.from')} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label={t('marketing.to')} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {!valid && (
        <Text c="red.9" role="alert" mb="md">
          {t('marketing.badRange')}
        </Text>
      )}
      <Loading fetching={fetching} error={error}>
        {dashboard && (
          <Stack>
            <Text role="status" aria-label={t('marketing.platform')}>
              {t('marketing.platformTotals', { orders: number(dashboard.platform.orders), revenue: revenue(dashboard.platform.revenue) })}
            </Text>
            {dashboard.channels.map((c) => (
              <ChannelTable key={c.channel} channel={c} revenue={revenue} count={count} />
            ))}
            <Text size="xs" c="gray.8">
              {t('marketing.computed', { at: date(dashboard.computed_at) })}
            </Text>
          </Stack>
        )}
      </Loading>
      <AdChannels onChange={() => refetch({ requestPolicy: 'network-only' })} />
    </>
  );
}

function ChannelTable({ channel: c, revenue, count }: { channel: Channel; revenue: (m: Money[]) => string; count: (n: number | null | undefined) => string }) {
  const { t, money } = useI18n();
  const title = CHANNELS[c.channel] ? t(CHANNELS[c.channel]) : c.channel;
  const spend = (n: number | null | undefined) => (n === null || n === undefined ? '–' : c.currency_code ? money(n, c.currency_code) : count(n));
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <StatusBadge status={c.status} />
        {c.account_id && <Text size="sm">{c.account_id}</Text>}
      </Group>
      {c.error && (
        <Text size="sm" c="red.9" mb="xs">
          {c.error}
        </Text>
      )}
      {c.sources.length > 0 && (
        <Text size="sm" c="gray.8" mb="xs">
          {t('marketing.sources')}: {c.sources.join(', ')}
        </Text>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('marketing.day')}</Table.Th>
            <Table.Th>{t('marketing.spend')}</Table.Th>
            <Table.Th>{t('marketing.impressions')}</Table.Th>
            <Table.Th>{t('marketing.clicks')}</Table.Th>
            <Table.Th>{t('marketing.conversions')}</Table.Th>
            <Table.Th>{t('marketing.revenue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.days.map((d) => (
            <Table.Tr key={d.day}>
              <Table.Td>{d.day}</Table.Td>
              <Table.Td>{spend(d.spend)}</Table.Td>
              <Table.Td>{count(d.impressions)}</Table.Td>
              <Table.Td>{count(d.clicks)}</Table.Td>
              <Table.Td>{count(d.conversions)}</Table.Td>
              <Table.Td>{revenue(d.revenue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{t('marketing.total')}</Table.Th>
            <Table.Td>{spend(c.totals.spend)}</Table.Td>
            <Table.Td>{count(c.totals.impressions)}</Table.Td>
            <Table.Td>{count(c.totals.clicks)}</Table.Td>
            <Table.Td>{count(c.totals.conversions)}</Table.Td>
            <Table.Td>{revenue(c.totals.revenue)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Card>
  );
}
