import { useState } from 'react';
import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import {
  ConsoleConsentAuditDocument,
  ConsoleConsentAuditExportDocument,
  ConsoleCookieBannerDocument,
  ConsoleSaveCookieBannerDocument,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ErrorNote, ListTable, Loading, PageHeader, SavedNote, Section } from '../ui';
import { MarketingNav } from './marketing-nav';

const SIGNALS = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const COPY = ['title', 'body', 'accept_all', 'reject_all', 'save'] as const;
const COPY_LABEL: Record<(typeof COPY)[number], MessageKey> = {
  title: 'consent.copyTitle',
  body: 'consent.copyBody',
  accept_all: 'consent.copyAccept',
  reject_all: 'consent.copyReject',
  save: 'consent.copySave',
};
const PAGE = 25;

type Copy = Record<(typeof COPY)[number], string>;
interface Category {
  key: string;
  required: boolean;
  signals: string[];
  label: Record<string, string>;
  description: Record<string, string>;
}
interface Banner {
  default_locale: string;
  categories: Category[];
  copy: Record<string, Copy>;
  privacy_policy_url: string | null;
  cookie_policy_url: string | null;
  imprint_url: string | null;
}

/** The cookie banner (texts per locale, categories with their Consent Mode signals, policy links) and the consent audit trail. */
export default function MarketingConsent() {
  const { t } = useI18n();
  const [{ data, fetching, error }, reread] = useQuery({ query: ConsoleCookieBannerDocument, requestPolicy: 'network-only' });
  const banner = data?.adminCookieBanner;
  return (
    <>
      <PageHeader title={t('nav.marketing')} />
      <MarketingNav />
      <Stack>
        <Loading fetching={fetching} error={error}>
          {banner && (
            <BannerEditor
              key={banner.version}
              version={banner.version}
              config={banner.config as Banner}
              onSaved={() => reread({ requestPolicy: 'network-only' })}
            />
          )}
        </Loading>
        <Audit />
      </Stack>
    </>
  );
}

/** What is wrong with the banner before it is sent (the API checks the same and answers its own refusal). */
function problems(b: Banner, locales: string[]): MessageKey[] {
  const out = new Set<MessageKey>();
  if (!LOCALE.test(b.default_locale) || !locales.includes(b.default_locale)) out.add('consent.defaultLocaleMissing');
  for (const l of locales) if (!LOCALE.test(l)) out.add('consent.localeInvalid');
  if (!b.categories.length) out.add('consent.categoryNeeded');
  if (!b.categories.some((c) => c.required)) out.add('consent.requiredNeeded');
  const keys = b.categories.map((c) => c.key);
  if (keys.some((k) => !KEY.test(k))) out.add('consent.keyInvalid');
  if (new Set(keys).size !== keys.length) out.add('consent.keyDuplicate');
  if (b.categories.some((c) => c.required && c.signals.some((s) => s.startsWith('ad_')))) out.add('consent.requiredAds');
  const d = b.default_locale;
  if (COPY.some((f) => !b.copy[d]?.[f]?.trim()) || b.categories.some((c) => !c.label[d]?.trim() || !c.description[d]?.trim()))
    out.add('consent.defaultIncomplete');
  return [...out];
}

/** Drops the texts left empty in other locales than the default (the storefront then falls back to the default locale). */
function cleaned(b: Banner, locales: string[]): Banner {
  const texts = (m: Record<string, string>) => Object.fromEntries(locales.filter((l) => m[l]?.trim()).map((l) => [l, m[l].trim()]));
  const copy = Object.fromEntries(
    locales
      .filter((l) => l === b.default_locale || COPY.every((f) => b.copy[l]?.[f]?.trim()))
      .map((l) => [l, Object.fromEntries(COPY.map((f) => [f, (b.copy[l]?.[f] ?? '').trim()])) as Copy]),
  );
  const url = (u: string | null) => u?.trim() || null;
  return {
    default_locale: b.default_locale,
    categories: b.categories.map((c) => ({ key: c.key, required: c.required, signals: c.signals, label: texts(c.label), description: texts(c.description) })),
    copy,
    privacy_policy_url: url(b.privacy_policy_url),
    cookie_policy_url: url(b.cookie_policy_url),
    imprint_url: url(b.imprint_url),
  };
}

function BannerEditor({ version, config, onSaved }: { version: number; config: Banner; onSaved: () => void }) {
  const { t } = useI18n();
  const [saved, save] = useMutation(ConsoleSaveCookieBannerDocument);
  const [b, setB] = useState<Banner>(config);
  const [locales, setLocales] = useState<string[]>(() => [
    ...new Set([config.default_locale, ...Object.keys(config.copy), ...config.categories.flatMap((c) => Object.keys(c.label))]),
  ]);
  const [tab, setTab] = useState<string | null>(config.default_locale);
  const [adding, setAdding] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const wrong = problems(b, locales);
  const set = (patch: Partial<Banner>) => {
    setDone(false);
    setB((x) => ({ ...x, ...patch }));
  };
  const setCategory = (i: number, patch: Partial<Category>) => set({ categories: b.categories.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setCopy = (locale: string, field: keyof Copy, value: string) =>
    set({ copy: { ...b.copy, [locale]: { ...(b.copy[locale] ?? { title: '', body: '', accept_all: '', reject_all: '', save: '' }), [field]: value } } });
  const addLocale = () => {
    const l = adding.trim();
    if (!LOCALE.test(l) || locales.includes(l)) return;
    setLocales([...locales, l]);
    setTab(l);
    setAdding('');
  };
  const removeLocale = (l: string) => {
    setLocales(locales.filter((x) => x !== l));
    set({ copy: Object.fromEntries(Object.entries(b.copy).filter(([k]) => k !== l)) });
    setTab(b.default_locale);
  };
  const submit = async () => {
    setTried(true);
    setDone(false);
    if (wrong.length) return;
    const r = await save({ input: cleaned(b, locales) });
    if (!r.error) {
      setDone(true);
      onSaved();
    }
  };
  return (
    <Card withBorder component="section" aria-label={t('consent.banner')}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('consent.banner')}
        </Title>
        <Text size="sm">{t('consent.version', { n: version })}</Text>
      </Group>
      <Stack>
        <ErrorNote error={saved.error} />
        {tried && wrong.length > 0 && (
          <Stack gap={2} role="alert">
            {wrong.map((w) => (
              <Text key={w} c="red.9" size="sm">
                {t(w)}
              </Text>
            ))}
          </Stack>
        )}
        <Group align="flex-end">
          <NativeSelect
            label={t('consent.defaultLocale')}
            value={b.default_locale}
            onChange={(e) => set({ default_locale: e.currentTarget.value })}
            data={locales}
          />
          <TextInput label={t('consent.addLocale')} placeholder="de" value={adding} onChange={(e) => setAdding(e.currentTarget.value)} w={120} />
          <Button variant="default" onClick={addLocale} disabled={!LOCALE.test(adding.trim()) || locales.includes(adding.trim())}>
            + {t('content.locale')}
          </Button>
        </Group>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            {locales.map((l) => (
              <Tabs.Tab key={l} value={l}>
                {l}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((l) => (
            <Tabs.Panel key={l} value={l}>
              <Stack>
                <Text size="sm">{l === b.default_locale ? t('consent.defaultHelp') : t('consent.otherHelp')}</Text>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {COPY.map((f) =>
                    f === 'body' ? null : (
                      <TextInput
                        key={f}
                        label={`${t(COPY_LABEL[f])} (${l})`}
                        required={l === b.default_locale}
                        value={b.copy[l]?.[f] ?? ''}
                        onChange={(e) => setCopy(l, f, e.currentTarget.value)}
                      />
                    ),
                  )}
                </SimpleGrid>
                <Textarea
                  label={`${t('consent.copyBody')} (${l})`}
                  required={l === b.default_locale}
                  autosize
                  minRows={2}
                  value={b.copy[l]?.body ?? ''}
                  onChange={(e) => setCopy(l, 'body', e.currentTarget.value)}
                />
                {b.categories.map((c, i) => (
                  <SimpleGrid key={i} cols={{ base: 1, md: 2 }}>
                    <TextInput
                      label={t('consent.categoryLabel', { key: c.key, locale: l })}
                      required={l === b.default_locale}
                      value={c.label[l] ?? ''}
                      onChange={(e) => setCategory(i, { label: { ...c.label, [l]: e.currentTarget.value } })}
                    />
                    <TextInput
                      label={t('consent.categoryDescription', { key: c.key, locale: l })}
                      required={l === b.default_locale}
                      value={c.description[l] ?? ''}
                      onChange={(e) => setCategory(i, { description: { ...c.description, [l]: e.currentTarget.value } })}
                    />
                  </SimpleGrid>
                ))}
                {l !== b.default_locale && (
                  <Group>
                    <Button variant="default" color="red" size="xs" onClick={() => removeLocale(l)}>
                      {t('consent.removeLocale', { locale: l })}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Title order={4} size="h5">
          {t('consent.categories')}
        </Title>
        <Table aria-label={t('consent.categories')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('consent.key')}</Table.Th>
              <Table.Th>{t('consent.required')}</Table.Th>
              <Table.Th>{t('consent.signals')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.categories.map((c, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput aria-label={t('consent.keyOf', { n: i + 1 })} value={c.key} onChange={(e) => setCategory(i, { key: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('consent.requiredOf', { key: c.key })}
                    checked={c.required}
                    onChange={(e) => setCategory(i, { required: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {SIGNALS.map((s) => (
                      <Checkbox
                        key={s}
                        size="xs"
                        label={s}
                        aria-label={`${c.key}: ${s}`}
                        checked={c.signals.includes(s)}
                        onChange={(e) => setCategory(i, { signals: e.currentTarget.checked ? [...c.signals, s] : c.signals.filter((x) => x !== s) })}
                      />
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={t('consent.removeCategory', { key: c.key })}
                    onClick={() => set({ categories: b.categories.filter((_, j) => j !== i) })}
                  >
                    {t('email.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => set({ categories: [...b.categories, { key: '', required: false, signals: [], label: {}, description: {} }] })}
          >
            + {t('consent.addCategory')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label={t('consent.privacyUrl')} value={b.privacy_policy_url ?? ''} onChange={(e) => set({ privacy_policy_url: e.currentTarget.value })} />
          <TextInput label={t('consent.cookieUrl')} value={b.cookie_policy_url ?? ''} onChange={(e) => set({ cookie_policy_url: e.currentTarget.value })} />
          <TextInput label={t('consent.imprintUrl')} value={b.imprint_url ?? ''} onChange={(e) => set({ imprint_url: e.currentTarget.value })} />
        </SimpleGrid>
        <Group>
          <Button onClick={() => void submit()} loading={saved.fetching}>
            {t('common.save')}
          </Button>
          <SavedNote shown={done} />
        </Group>
        <Text size="sm">{t('consent.saveHelp')}</Text>
      </Stack>
    </Card>
  );
}

/** The consent audit trail, oldest first (a session's own, or a period's), and its CSV export as the API writes it. */
function Audit() {
  const { t, date } = useI18n();
  const client = useClient();
  const [session, setSession] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageNo, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  // days of the admin's calendar: from its start, to the end of the `to` day
  const filters = {
    sessionId: session.trim() || undefined,
    from: from ? new Date(`${from}T00:00:00`).toISOString() : undefined,
    to: to ? new Date(new Date(`${to}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined,
  };
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleConsentAuditDocument,
    variables: { ...filters, offset: (pageNo - 1) * PAGE },
    requestPolicy: 'cache-and-network',
    pause: !!filters.sessionId && filters.sessionId.length < 22,
  });
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const r = await client.query(ConsoleConsentAuditExportDocument, filters, { requestPolicy: 'network-only' }).toPromise();
      if (r.error) throw r.error;
      const url = URL.createObjectURL(new Blob([r.data!.exportCookieConsentAudit], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `consent-audit-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setFailed(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const audit = data?.cookieConsentAudit;
  const granted = (m: unknown) =>
    Object.entries((m ?? {}) as Record<string, boolean>)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort()
      .join(', ') || '–';
  return (
    <Section title={t('consent.audit')}>
      <Stack>
        <Group align="flex-end">
          <TextInput
            label={t('consent.sessionId')}
            value={session}
            onChange={(e) => {
              setSession(e.currentTarget.value);
              setPage(1);
            }}
            miw={260}
          />
          <TextInput
            type="date"
            label={t('consent.from')}
            value={from}
            onChange={(e) => {
              setFrom(e.currentTarget.value);
              setPage(1);
            }}
          />
          <TextInput
            type="date"
            label={t('consent.to')}
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Button variant="default" onClick={() => void download()} loading={busy}>
            {t('consent.downloadCsv')}
          </Button>
        </Group>
        <Text size="sm">{t('consent.auditHelp')}</Text>
        <ErrorNote error={failed} />
        <Loading fetching={fetching} error={error}>
          {audit && (
            <Table.ScrollContainer minWidth={700}>
              <ListTable
                headers={[t('consent.when'), t('consent.action'), t('consent.bannerVersion'), t('consent.granted'), t('consent.session')]}
                count={audit.count}
                paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
              >
                {audit.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{date(a.created_at)}</Table.Td>
                    <Table.Td>{a.action}</Table.Td>
                    <Table.Td>{a.banner_version}</Table.Td>
                    <Table.Td>{granted(a.categories)}</Table.Td>
                    <Table.Td style={{ fontFamily: 'monospace' }} title={a.session_hash}>
                      {a.session_hash.slice(0, 12)}…
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Table.ScrollContainer>
          )}
        </Loading>
      </Stack>
    </Section>
  );
}
