import { useState } from 'react';
import { Button, Card, Checkbox, Group, NativeSelect, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateRedirectDocument,
  ConsoleDeleteRedirectDocument,
  ConsoleRedirectsDocument,
  ConsoleUpdateRedirectDocument,
  type ConsoleRedirectFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { HINT, SiteHeader } from '../site-nav';
import { ErrorNote, FormButtons, ListTable, Loading, RowActions, StatusBadge } from '../ui';

const PAGE = 50;

/** Creates a redirect (`redirect` null) or edits one; the API's refusal (a loop, a chain, a bad path) shown as it answers. */
function RedirectForm({ redirect, onDone }: { redirect: ConsoleRedirectFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const [source, setSource] = useState(redirect?.source ?? '');
  const [target, setTarget] = useState(redirect?.target ?? '');
  const [status, setStatus] = useState(String(redirect?.status_code ?? 301));
  const [active, setActive] = useState(redirect?.active ?? true);
  const [created, create] = useMutation(ConsoleCreateRedirectDocument);
  const [updated, update] = useMutation(ConsoleUpdateRedirectDocument);
  const title = redirect ? t('redirects.edit', { source: redirect.source }) : t('redirects.new');
  return (
    <Card withBorder component="section" aria-label={title} mb="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = { source: source.trim(), target: target.trim(), status_code: +status, active };
          void (redirect ? update({ id: redirect.id, input }) : create({ input })).then((r) => !r.error && onDone());
        }}
      >
        <Stack>
          <Title order={3} size="h4">
            {title}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput
              label={t('redirects.source')}
              description={t('redirects.sourceHint')}
              styles={HINT}
              required
              value={source}
              onChange={(e) => setSource(e.currentTarget.value)}
            />
            <TextInput
              label={t('redirects.target')}
              description={t('redirects.targetHint')}
              styles={HINT}
              required
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
            />
          </Group>
          <Group align="end">
            <NativeSelect
              label={t('redirects.status')}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
              data={[
                { value: '301', label: t('redirects.permanent') },
                { value: '302', label: t('redirects.temporary') },
              ]}
            />
            <Checkbox label={t('redirects.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} mb={8} />
          </Group>
          <FormButtons editing={!!redirect} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The store's redirects: source → target, 301 or 302, active or not; create, edit, delete. */
export default function SiteRedirects() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleRedirectsDocument, variables: { limit: PAGE, offset: (page - 1) * PAGE } });
  const [removed, remove] = useMutation(ConsoleDeleteRedirectDocument);
  const [editing, setEditing] = useState<ConsoleRedirectFragment | 'new' | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <SiteHeader page="site.redirects" />
      {!editing && (
        <Button mb="md" onClick={() => setEditing('new')}>
          {t('redirects.new')}
        </Button>
      )}
      {editing && (
        <RedirectForm
          key={editing === 'new' ? 'new' : editing.id}
          redirect={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ErrorNote error={removed.error} />
      <Loading fetching={fetching} error={error}>
        {data && (
          <ListTable
            headers={[t('redirects.source'), t('redirects.target'), t('redirects.status'), t('common.status'), t('common.actions')]}
            count={data.redirects.count}
            paging={{ page, pageSize: PAGE, onPage: setPage }}
          >
            {data.redirects.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.source}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.target}</Table.Td>
                <Table.Td>{r.status_code}</Table.Td>
                <Table.Td>
                  <StatusBadge status={r.active ? 'active' : 'disabled'} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: t('redirects.editOne', { source: r.source }), onClick: () => setEditing(r) }}
                    remove={{
                      label: t('redirects.deleteOne', { source: r.source }),
                      question: t('redirects.deleteConfirm', { source: r.source }),
                      onConfirm: () => void remove({ id: r.id }).then(reload),
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}
