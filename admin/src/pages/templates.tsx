import { useState } from 'react';
import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateTemplateDocument,
  ConsoleDeleteTemplateDocument,
  ConsoleTemplatesDocument,
  ConsoleUpdateTemplateDocument,
  type ConsoleTemplateFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { navigate } from '../router';
import { ErrorNote, Loading, PageHeader, RowActions } from '../ui';

const STATUSES = ['draft', 'proposed', 'published'] as const;

interface Draft {
  name: string;
  description: string;
  default_status: string;
  options: { title: string; values: string }[];
  /** one `key: value` a line */
  attributes: string;
}
const draftOf = (x: ConsoleTemplateFragment | null): Draft => ({
  name: x?.name ?? '',
  description: x?.description ?? '',
  default_status: x?.default_status ?? 'draft',
  options: (x?.options ?? []).map((o) => ({ title: o.title, values: o.values.join(', ') })),
  attributes: Object.entries((x?.attributes ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n'),
});
const inputOf = (d: Draft) => ({
  name: d.name.trim(),
  description: d.description.trim() || null,
  default_status: d.default_status,
  options: d.options.map((o) => ({
    title: o.title.trim(),
    values: o.values
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  })),
  attributes: Object.fromEntries(
    d.attributes
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const at = l.indexOf(':');
        return at < 0 ? [l, ''] : [l.slice(0, at).trim(), l.slice(at + 1).trim()];
      }),
  ),
});

/** A template's fields: name, description, default status, options (title and comma-separated values), attributes. */
function TemplateEditor({ template, onDone }: { template: ConsoleTemplateFragment | null; onDone: (saved: boolean) => void }) {
  const { t } = useI18n();
  const [created, create] = useMutation(ConsoleCreateTemplateDocument);
  const [updated, update] = useMutation(ConsoleUpdateTemplateDocument);
  const [d, setD] = useState<Draft>(() => draftOf(template));
  const setOption = (i: number, patch: Partial<Draft['options'][number]>) =>
    setD({ ...d, options: d.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const label = template ? t('templates.editing', { name: template.name }) : t('templates.new');
  return (
    <Card withBorder component="section" aria-label={label} mb="lg">
      <Title order={3} size="h4" mb="sm">
        {label}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const input = inputOf(d);
          const done = (r: { error?: unknown }) => !r.error && onDone(true);
          if (template) void update({ id: template.id, input }).then(done);
          else void create({ input }).then(done);
        }}
      >
        <Stack gap="sm">
          <ErrorNote error={created.error ?? updated.error} />
          <TextInput label={t('templates.name')} required value={d.name} onChange={(e) => setD({ ...d, name: e.currentTarget.value })} />
          <Textarea label={t('catalogue.description')} value={d.description} onChange={(e) => setD({ ...d, description: e.currentTarget.value })} autosize />
          <NativeSelect
            label={t('templates.defaultStatus')}
            value={d.default_status}
            onChange={(e) => setD({ ...d, default_status: e.currentTarget.value })}
            data={STATUSES.map((s) => ({ value: s, label: t(`templates.status.${s}` as MessageKey) }))}
          />
          <Text fw={500} size="sm">
            {t('templates.options')}
          </Text>
          {d.options.map((o, i) => (
            <Group key={i} align="end" wrap="nowrap">
              <TextInput label={t('templates.optionTitle', { n: i + 1 })} value={o.title} onChange={(e) => setOption(i, { title: e.currentTarget.value })} />
              <TextInput
                flex={1}
                label={t('templates.optionValues', { n: i + 1 })}
                placeholder="S, M, L"
                value={o.values}
                onChange={(e) => setOption(i, { values: e.currentTarget.value })}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('templates.removeOption', { n: i + 1 })}
                onClick={() => setD({ ...d, options: d.options.filter((_, j) => j !== i) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button variant="default" w="fit-content" onClick={() => setD({ ...d, options: [...d.options, { title: '', values: '' }] })}>
            {t('templates.addOption')}
          </Button>
          <Textarea
            label={t('templates.attributes')}
            value={d.attributes}
            onChange={(e) => setD({ ...d, attributes: e.currentTarget.value })}
            autosize
            minRows={2}
          />
          <Group>
            <Button type="submit" loading={created.fetching || updated.fetching}>
              {template ? t('common.save') : t('common.create')}
            </Button>
            <Button variant="default" onClick={() => onDone(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** `/catalogue/templates`: the store's product templates (what a new product starts from): list, create, edit, delete. */
export default function Templates() {
  const { t } = useI18n();
  const [{ data, fetching, error }, reload] = useQuery({ query: ConsoleTemplatesDocument });
  const [removed, remove] = useMutation(ConsoleDeleteTemplateDocument);
  const [editing, setEditing] = useState<ConsoleTemplateFragment | 'new' | null>(null);
  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) reload({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <PageHeader title={t('templates.title')}>
        <Button variant="default" onClick={() => navigate('/catalogue')}>
          {t('common.back')}
        </Button>
        <Button onClick={() => setEditing('new')}>{t('templates.new')}</Button>
      </PageHeader>
      {editing && <TemplateEditor key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} onDone={done} />}
      <ErrorNote error={removed.error} />
      <Loading fetching={fetching} error={error}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('templates.name')}</Table.Th>
              <Table.Th>{t('templates.options')}</Table.Th>
              <Table.Th>{t('templates.defaultStatus')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.productTemplates.items.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>
                  {x.name}
                  {x.description && (
                    <Text size="sm" c="gray.7">
                      {x.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{x.options.map((o) => `${o.title}: ${o.values.join(', ')}`).join('; ') || '–'}</Table.Td>
                <Table.Td>{t(`templates.status.${x.default_status}` as MessageKey)}</Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: t('templates.edit', { name: x.name }), onClick: () => setEditing(x) }}
                    remove={{
                      label: t('templates.delete', { name: x.name }),
                      question: t('templates.deleteConfirm', { name: x.name }),
                      onConfirm: () => void remove({ id: x.id }).then((r) => !r.error && reload({ requestPolicy: 'network-only' })),
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Loading>
    </>
  );
}
