import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, Stack, Table, Tabs, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCampaignsDocument,
  ConsoleCreateMailingListDocument,
  ConsoleDeleteMailingListDocument,
  ConsoleMailingListsDocument,
  ConsoleUpdateMailingListDocument,
  type ConsoleMailingListFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link, navigate } from '../router';
import { ErrorNote, FormButtons, ListTable, Loading, NameCell, PageHeader, RowActions, StatusBadge, useDraft } from '../ui';
import { MarketingNav } from './marketing-nav';

const PAGE = 25;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** help under a field, dark enough for WCAG AA (Mantine's dimmed grey is not on white) */
export const HELP = { color: 'var(--mantine-color-gray-7)' };

/** A share (0.25) as the language writes a percentage ("25 %", "٢٥٪"). */
export function usePercent(): (share: number) => string {
  const { lang } = useI18n();
  const f = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  return (share) => f.format(share);
}

/** Email marketing: the store's mailing lists (each linking to its members) and its campaigns with their rates. */
export default function MarketingEmail({ tab = 'lists' }: { tab?: 'lists' | 'campaigns' }) {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('nav.marketing')} />
      <MarketingNav />
      <Tabs value={tab} onChange={(v) => navigate(v === 'campaigns' ? '/marketing/email/campaigns' : '/marketing/email')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="lists">{t('email.lists')}</Tabs.Tab>
          <Tabs.Tab value="campaigns">{t('email.campaigns')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lists">{tab === 'lists' && <Lists />}</Tabs.Panel>
        <Tabs.Panel value="campaigns">{tab === 'campaigns' && <Campaigns />}</Tabs.Panel>
      </Tabs>
    </>
  );
}

function Lists() {
  const { t, number, date } = useI18n();
  const [{ data, fetching, error }, reread] = useQuery({ query: ConsoleMailingListsDocument, requestPolicy: 'cache-and-network' });
  const [deleted, remove] = useMutation(ConsoleDeleteMailingListDocument);
  const [editing, setEditing] = useState<ConsoleMailingListFragment | 'new' | null>(null);
  const lists = data?.mailingLists;
  const del = async (l: ConsoleMailingListFragment) => {
    await remove({ id: l.id });
    reread({ requestPolicy: 'network-only' });
  };
  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>{t('email.newList')}</Button>
      </Group>
      {editing && (
        <ListForm
          key={editing === 'new' ? 'new' : editing.id}
          list={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reread({ requestPolicy: 'network-only' });
          }}
        />
      )}
      <ErrorNote error={deleted.error} />
      <Loading fetching={fetching} error={error}>
        {lists && (
          <ListTable headers={[t('catalogue.name'), t('email.optIn'), t('email.subscribed'), t('common.created'), t('common.actions')]} count={lists.length}>
            {lists.map((l) => (
              <Table.Tr key={l.id}>
                <NameCell
                  name={
                    <Group gap="xs" component="span">
                      <Link to={`/marketing/email/lists/${l.id}`}>{l.name}</Link>
                      {l.is_newsletter && (
                        <Badge size="sm" variant="light" c="dark.8">
                          {t('email.newsletter')}
                        </Badge>
                      )}
                    </Group>
                  }
                  sub={l.handle}
                />
                <Table.Td>{l.double_opt_in ? t('email.double') : t('email.single')}</Table.Td>
                <Table.Td>{number(l.subscribed_count)}</Table.Td>
                <Table.Td>{date(l.created_at)}</Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: t('email.editList', { name: l.name }), onClick: () => setEditing(l), text: t('email.edit') }}
                    remove={{
                      label: t('email.deleteList', { name: l.name }),
                      question: t('email.listDeleteConfirm', { name: l.name }),
                      onConfirm: () => void del(l),
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </Stack>
  );
}

interface ListDraft {
  handle: string;
  name: string;
  description: string;
  double_opt_in: boolean;
  is_newsletter: boolean;
  confirmation_url: string;
}

/** A list's settings, checked here first (a name, a handle of lower-case words, an absolute confirmation URL) then saved. */
function ListForm({ list, onDone }: { list: ConsoleMailingListFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const [created, create] = useMutation(ConsoleCreateMailingListDocument);
  const [updated, update] = useMutation(ConsoleUpdateMailingListDocument);
  const f = useDraft<ListDraft>(
    () => ({
      handle: list?.handle ?? '',
      name: list?.name ?? '',
      description: list?.description ?? '',
      double_opt_in: list?.double_opt_in ?? true,
      is_newsletter: list?.is_newsletter ?? false,
      confirmation_url: list?.confirmation_url ?? '',
    }),
    (d) => {
      const wrong: Record<string, MessageKey> = {};
      if (!d.name.trim()) wrong.name = 'email.nameRequired';
      if (!HANDLE.test(d.handle)) wrong.handle = 'email.handleInvalid';
      if (d.confirmation_url.trim() && !/^https?:\/\/[^\s/]+/.test(d.confirmation_url.trim())) wrong.confirmation_url = 'email.urlInvalid';
      return wrong;
    },
  );
  const save = async () => {
    const input = {
      handle: f.d.handle,
      name: f.d.name.trim(),
      description: f.d.description.trim() || null,
      double_opt_in: f.d.double_opt_in,
      is_newsletter: f.d.is_newsletter,
      confirmation_url: f.d.confirmation_url.trim() || null,
    };
    const r = list ? await update({ id: list.id, input }) : await create({ input });
    if (!r.error) onDone();
  };
  const title = list ? t('email.editList', { name: list.name }) : t('email.newList');
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <form onSubmit={f.onSubmit(() => void save())} noValidate>
        <Stack>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="flex-start">
            <TextInput label={t('catalogue.name')} required value={f.d.name} error={f.err('name')} onChange={(e) => f.set({ name: e.currentTarget.value })} />
            <TextInput
              label={t('common.handle')}
              required
              value={f.d.handle}
              error={f.err('handle')}
              onChange={(e) => f.set({ handle: e.currentTarget.value })}
            />
          </Group>
          <Textarea
            label={t('product.description')}
            value={f.d.description}
            onChange={(e) => f.set({ description: e.currentTarget.value })}
            autosize
            minRows={2}
          />
          <Checkbox
            label={t('email.doubleOptIn')}
            description={t('email.doubleOptInHelp')}
            styles={{ description: HELP }}
            checked={f.d.double_opt_in}
            onChange={(e) => f.set({ double_opt_in: e.currentTarget.checked })}
          />
          <Checkbox
            label={t('email.isNewsletter')}
            description={t('email.isNewsletterHelp')}
            styles={{ description: HELP }}
            checked={f.d.is_newsletter}
            onChange={(e) => f.set({ is_newsletter: e.currentTarget.checked })}
          />
          <TextInput
            label={t('email.confirmationUrl')}
            description={t('email.confirmationUrlHelp')}
            styles={{ description: HELP }}
            value={f.d.confirmation_url}
            error={f.err('confirmation_url')}
            onChange={(e) => f.set({ confirmation_url: e.currentTarget.value })}
          />
          <FormButtons editing={!!list} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

function Campaigns() {
  const { t, date, number } = useI18n();
  const percent = usePercent();
  const [pageNo, setPage] = useState(1);
  const [{ data, fetching, error }] = useQuery({
    query: ConsoleCampaignsDocument,
    variables: { offset: (pageNo - 1) * PAGE },
    requestPolicy: 'cache-and-network',
  });
  const [lists] = useQuery({ query: ConsoleMailingListsDocument });
  const listName = new Map((lists.data?.mailingLists ?? []).map((l) => [l.id, l.name]));
  const campaigns = data?.campaigns;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => navigate('/marketing/email/campaigns/new')}>{t('email.newCampaign')}</Button>
      </Group>
      <Loading fetching={fetching} error={error}>
        {campaigns && (
          <ListTable
            headers={[
              t('catalogue.name'),
              t('email.list'),
              t('common.status'),
              t('email.recipients'),
              t('email.openRate'),
              t('email.clickRate'),
              t('email.sentAt'),
            ]}
            count={campaigns.count}
            paging={{ page: pageNo, pageSize: PAGE, onPage: setPage }}
          >
            {campaigns.items.map((c) => (
              <Table.Tr key={c.id}>
                <NameCell name={<Link to={`/marketing/email/campaigns/${c.id}`}>{c.name}</Link>} sub={c.subject} />
                <Table.Td>{listName.get(c.list_id) ?? '–'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{c.status === 'draft' ? '–' : number(c.recipients)}</Table.Td>
                <Table.Td>{c.status === 'draft' ? '–' : percent(c.stats.open_rate)}</Table.Td>
                <Table.Td>{c.status === 'draft' ? '–' : percent(c.stats.click_rate)}</Table.Td>
                <Table.Td>{c.sent_at ? date(c.sent_at) : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </Stack>
  );
}
