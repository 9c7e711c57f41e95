import { useState } from 'react';
import { Button, Card, Checkbox, Code, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateMetafieldDefinitionDocument,
  ConsoleDeleteMetafieldDefinitionDocument,
  ConsoleDeleteMetafieldDocument,
  ConsoleMetafieldDefinitionsDocument,
  ConsoleMetafieldsDocument,
  ConsoleSetMetafieldDocument,
  ConsoleUpdateMetafieldDefinitionDocument,
  type ConsoleMetafieldDefinitionFragment,
  type ConsoleMetafieldFragment,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { PICKABLE, ResourcePicker } from '../resource-picker';
import { HINT, SiteHeader } from '../site-nav';
import { ErrorNote, ListTable, Loading, NameCell, RowActions, Section } from '../ui';

/** Store-wide metafields live on this resource (a custom type the site domain does not look up). */
const STORE_RESOURCE = { type: 'store', id: 'default' };
const KINDS = [...PICKABLE, 'store'] as const;
const TYPES = ['string', 'integer', 'decimal', 'boolean', 'json', 'date', 'url', 'reference'] as const;

interface Draft {
  namespace: string;
  key: string;
  type: string;
  text: string;
  on: boolean;
  visible: boolean;
}
const EMPTY: Draft = { namespace: '', key: '', type: 'string', text: '', on: false, visible: false };
const textOf = (type: string, v: unknown) => (type === 'json' ? JSON.stringify(v, null, 2) : v == null ? '' : String(v));
const shown = (m: ConsoleMetafieldFragment) => (m.type === 'json' ? JSON.stringify(m.value) : String(m.value));

/**
 * The value as its type's JSON. What the page cannot read as the type (an integer that is no number)
 * goes as written, so the API's refusal is the one shown; only JSON that does not parse stays here.
 */
function valueOf(d: Draft): { value: unknown } | null {
  const text = d.text.trim();
  switch (d.type) {
    case 'boolean':
      return { value: d.on };
    case 'integer':
      return { value: /^-?\d+$/.test(text) ? Number(text) : text };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return null;
      }
    case 'string':
      return { value: d.text };
    default:
      return { value: text };
  }
}

/** The value's field as its type wants it: text, a number, a checkbox, JSON, a date, an address, an id. */
function ValueInput({ draft, set }: { draft: Draft; set: (p: Partial<Draft>) => void }) {
  const { t } = useI18n();
  const label = t('metafields.value');
  const text = (props: { type?: string; placeholder?: string; inputMode?: 'numeric' | 'decimal' }) => (
    <TextInput label={label} required value={draft.text} onChange={(e) => set({ text: e.currentTarget.value })} {...props} />
  );
  switch (draft.type) {
    case 'boolean':
      return <Checkbox label={label} checked={draft.on} onChange={(e) => set({ on: e.currentTarget.checked })} />;
    case 'string':
      return <Textarea label={label} autosize minRows={2} value={draft.text} onChange={(e) => set({ text: e.currentTarget.value })} />;
    case 'json':
      return <Textarea label={label} autosize minRows={3} ff="monospace" value={draft.text} onChange={(e) => set({ text: e.currentTarget.value })} />;
    case 'integer':
      return text({ inputMode: 'numeric', placeholder: '42' });
    case 'decimal':
      return text({ inputMode: 'decimal', placeholder: '12.50' });
    case 'date':
      return text({ type: 'date' });
    case 'url':
      return text({ type: 'url', placeholder: 'https://' });
    default:
      return text({ placeholder: 'prod_01…' });
  }
}

type Definition = ConsoleMetafieldDefinitionFragment;

/**
 * Add or edit one metafield of the resource; the namespace and key name it, so editing keeps them.
 * A new value may follow one of the resource type's definitions: its namespace, key and type fixed,
 * its visibility the definition's default.
 */
function MetafieldForm(props: {
  resource: { type: string; id: string };
  editing: ConsoleMetafieldFragment | null;
  /** the resource type's definitions not set on this resource yet */
  open: Definition[];
  /** the definition the value follows from the start ("Set" on its row) */
  definition: Definition | null;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const { editing } = props;
  const fromDefinition = (d: Definition): Draft => ({ ...EMPTY, namespace: d.namespace, key: d.key, type: d.type, visible: d.storefront_visible });
  const [definition, setDefinition] = useState(props.definition);
  const [draft, setDraft] = useState<Draft>(() => {
    if (editing)
      return {
        namespace: editing.namespace,
        key: editing.key,
        type: editing.type,
        text: textOf(editing.type, editing.value),
        on: editing.value === true,
        visible: editing.storefront_visible,
      };
    return props.definition ? fromDefinition(props.definition) : EMPTY;
  });
  const fixed = !!editing || !!definition;
  const [badJson, setBadJson] = useState(false);
  const [saved, save] = useMutation(ConsoleSetMetafieldDocument);
  const set = (p: Partial<Draft>) => {
    setBadJson(false);
    setDraft((d) => ({ ...d, ...p }));
  };
  const heading = editing
    ? t('metafields.editOne', { name: `${editing.namespace}.${editing.key}` })
    : props.definition
      ? t('metafields.setOne', { name: props.definition.name })
      : t('metafields.add');
  return (
    <Card withBorder component="section" aria-label={heading} mb="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const v = valueOf(draft);
          if (!v) return setBadJson(true);
          void save({
            input: {
              resource_type: props.resource.type,
              resource_id: props.resource.id,
              namespace: draft.namespace.trim(),
              key: draft.key.trim(),
              type: draft.type,
              value: v.value,
              storefront_visible: draft.visible,
            },
          }).then((r) => {
            if (!r.error) props.onDone();
          });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {heading}
          </Title>
          <ErrorNote error={saved.error} />
          {!editing && !props.definition && props.open.length > 0 && (
            <NativeSelect
              label={t('metafields.definition')}
              value={definition?.id ?? ''}
              onChange={(e) => {
                const d = props.open.find((x) => x.id === e.currentTarget.value) ?? null;
                setDefinition(d);
                setBadJson(false);
                setDraft(d ? fromDefinition(d) : EMPTY);
              }}
              data={[
                { value: '', label: t('metafields.noDefinition') },
                ...props.open.map((d) => ({ value: d.id, label: `${d.name} (${d.namespace}.${d.key})` })),
              ]}
              maw={420}
            />
          )}
          {definition?.description && (
            <Text size="sm" c="gray.7">
              {definition.description}
            </Text>
          )}
          <Group grow align="start">
            <TextInput
              label={t('metafields.namespace')}
              description={t('metafields.nameHint')}
              styles={HINT}
              required
              readOnly={fixed}
              value={draft.namespace}
              onChange={(e) => set({ namespace: e.currentTarget.value })}
            />
            <TextInput label={t('metafields.key')} required readOnly={fixed} value={draft.key} onChange={(e) => set({ key: e.currentTarget.value })} />
            <NativeSelect
              label={t('metafields.type')}
              value={draft.type}
              disabled={!!definition}
              onChange={(e) => set({ type: e.currentTarget.value })}
              data={TYPES.map((x) => ({ value: x, label: t(`metafields.type.${x}` as MessageKey) }))}
            />
          </Group>
          <ValueInput draft={draft} set={set} />
          {badJson && (
            <Text c="red.9" size="sm" role="alert">
              {t('sections.notJson')}
            </Text>
          )}
          <Checkbox label={t('metafields.visible')} checked={draft.visible} onChange={(e) => set({ visible: e.currentTarget.checked })} />
          <Group>
            <Button type="submit" loading={saved.fetching}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={props.onDone}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Declare a metafield for every resource of the type, or change a declared one's name, description and default visibility. */
function DefinitionForm({ resourceType, editing, onDone }: { resourceType: string; editing: Definition | null; onDone: () => void }) {
  const { t } = useI18n();
  const [name, setName] = useState(editing?.name ?? '');
  const [namespace, setNamespace] = useState(editing?.namespace ?? '');
  const [key, setKey] = useState(editing?.key ?? '');
  const [type, setType] = useState(editing?.type ?? 'string');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [visible, setVisible] = useState(editing?.storefront_visible ?? false);
  const [created, create] = useMutation(ConsoleCreateMetafieldDefinitionDocument);
  const [updated, update] = useMutation(ConsoleUpdateMetafieldDefinitionDocument);
  const heading = editing ? t('definitions.editOne', { name: editing.name }) : t('definitions.add');
  return (
    <Card withBorder component="section" aria-label={heading} mb="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const common = { name: name.trim(), description: description.trim() || null, storefront_visible: visible };
          void (
            editing
              ? update({ id: editing.id, input: common })
              : create({ input: { ...common, resource_type: resourceType, namespace: namespace.trim(), key: key.trim(), type } })
          ).then((r) => {
            if (!r.error) onDone();
          });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {heading}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('definitions.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput
              label={t('metafields.namespace')}
              description={t('metafields.nameHint')}
              styles={HINT}
              required
              readOnly={!!editing}
              value={namespace}
              onChange={(e) => setNamespace(e.currentTarget.value)}
            />
            <TextInput label={t('metafields.key')} required readOnly={!!editing} value={key} onChange={(e) => setKey(e.currentTarget.value)} />
            <NativeSelect
              label={t('metafields.type')}
              value={type}
              disabled={!!editing}
              onChange={(e) => setType(e.currentTarget.value)}
              data={TYPES.map((x) => ({ value: x, label: t(`metafields.type.${x}` as MessageKey) }))}
            />
          </Group>
          <Textarea label={t('definitions.description')} autosize minRows={1} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Checkbox label={t('definitions.visible')} checked={visible} onChange={(e) => setVisible(e.currentTarget.checked)} />
          <Group>
            <Button type="submit" loading={created.fetching || updated.fetching}>
              {editing ? t('common.save') : t('common.create')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The resource type's definitions: listed with how many values use them, declared, edited, deleted (their values stay). */
function Definitions({ resourceType, list, reload }: { resourceType: string; list: Definition[]; reload: () => void }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<string | null>(null);
  const [removed, remove] = useMutation(ConsoleDeleteMetafieldDefinitionDocument);
  const current = list.find((d) => d.id === editing) ?? null;
  const done = () => {
    setEditing(null);
    reload();
  };
  return (
    <Section title={t('definitions.title')}>
      <Text size="sm" c="gray.7" mb="sm">
        {t('definitions.help')}
      </Text>
      {editing && (editing === 'new' || current) && <DefinitionForm key={editing} resourceType={resourceType} editing={current} onDone={done} />}
      {!editing && (
        <Button size="xs" variant="default" mb="sm" onClick={() => setEditing('new')}>
          {t('definitions.add')}
        </Button>
      )}
      <ErrorNote error={removed.error} />
      <ListTable
        headers={[t('definitions.name'), t('metafields.type'), t('definitions.visibleShort'), t('definitions.uses'), t('common.actions')]}
        count={list.length}
      >
        {list.map((d) => (
          <Table.Tr key={d.id}>
            <NameCell name={d.name} sub={`${d.namespace}.${d.key}`} />
            <Table.Td>{d.type}</Table.Td>
            <Table.Td>{d.storefront_visible ? t('metafields.yes') : t('metafields.no')}</Table.Td>
            <Table.Td>{d.metafield_count}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: t('definitions.editOne', { name: d.name }), onClick: () => setEditing(d.id) }}
                remove={{
                  label: t('definitions.deleteOne', { name: d.name }),
                  question: t('definitions.deleteConfirm', { name: d.name, count: d.metafield_count }),
                  onConfirm: () => void remove({ id: d.id }).then(done),
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Section>
  );
}

/**
 * A resource's metafields (a product searched, a collection, category, page, post, or the store
 * itself): its values, and the resource type's definitions not set on it yet as rows to set;
 * added, edited, deleted; below, the resource type's definitions.
 */
export default function SiteMetafields() {
  const { t } = useI18n();
  const [kind, setKind] = useState<string>('product');
  const [picked, setPicked] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const resource = kind === 'store' ? STORE_RESOURCE : { type: kind, id: picked };
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ConsoleMetafieldsDocument,
    variables: { resource_type: resource.type, resource_id: resource.id },
    pause: !resource.id,
  });
  const [defs, refetchDefs] = useQuery({ query: ConsoleMetafieldDefinitionsDocument, variables: { resource_type: resource.type } });
  const [removed, remove] = useMutation(ConsoleDeleteMetafieldDocument);
  const reload = () => {
    refetch({ requestPolicy: 'network-only' });
    refetchDefs({ requestPolicy: 'network-only' });
  };
  const list = data?.metafields ?? [];
  const definitions = defs.data?.metafieldDefinitions ?? [];
  const definitionOf = (m: { namespace: string; key: string }) => definitions.find((d) => d.namespace === m.namespace && d.key === m.key);
  const open = definitions.filter((d) => !list.some((m) => m.namespace === d.namespace && m.key === d.key));
  const current = list.find((m) => m.id === editing) ?? null;
  const setting = open.find((d) => `def:${d.id}` === editing) ?? null;
  return (
    <>
      <SiteHeader page="site.metafields" />
      <Stack>
        <Group align="end" wrap="wrap">
          <NativeSelect
            label={t('metafields.resourceKind')}
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value);
              setPicked('');
              setEditing(null);
            }}
            data={KINDS.map((k) => ({ value: k, label: t(k === 'store' ? 'metafields.store' : (`menus.type.${k}` as MessageKey)) }))}
          />
          {kind !== 'store' && (
            <ResourcePicker
              type={kind}
              label={t('metafields.resource')}
              value={picked}
              onChange={(id) => {
                setPicked(id);
                setEditing(null);
              }}
            />
          )}
        </Group>
        <Text size="sm" c="gray.7">
          {t('metafields.help', { path: `/store/metafields/${resource.type}/${resource.id || '…'}` })}
        </Text>
        {resource.id && (
          <>
            {editing && (editing === 'new' || current || setting) && (
              <MetafieldForm
                key={`${resource.type}/${resource.id}/${editing}`}
                resource={resource}
                editing={current}
                open={open}
                definition={setting}
                onDone={() => {
                  setEditing(null);
                  reload();
                }}
              />
            )}
            {!editing && (
              <Button w="fit-content" onClick={() => setEditing('new')}>
                {t('metafields.add')}
              </Button>
            )}
            <ErrorNote error={removed.error} />
            <Loading fetching={fetching} error={error}>
              {data && (
                <ListTable
                  headers={[
                    t('metafields.namespace'),
                    t('metafields.key'),
                    t('metafields.type'),
                    t('metafields.value'),
                    t('metafields.visibleShort'),
                    t('common.actions'),
                  ]}
                  count={list.length + open.length}
                >
                  {list.map((m) => {
                    const name = `${m.namespace}.${m.key}`;
                    const d = definitionOf(m);
                    return (
                      <Table.Tr key={m.id}>
                        <Table.Td>{m.namespace}</Table.Td>
                        {d ? <NameCell name={m.key} sub={d.name} /> : <Table.Td>{m.key}</Table.Td>}
                        <Table.Td>{m.type}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                          <Code>{shown(m)}</Code>
                        </Table.Td>
                        <Table.Td>{m.storefront_visible ? t('metafields.yes') : t('metafields.no')}</Table.Td>
                        <Table.Td>
                          <RowActions
                            edit={{ label: t('metafields.editOne', { name }), onClick: () => setEditing(m.id) }}
                            remove={{
                              label: t('metafields.deleteOne', { name }),
                              question: t('metafields.deleteConfirm', { name }),
                              onConfirm: () =>
                                void remove({ input: { resource_type: resource.type, resource_id: resource.id, namespace: m.namespace, key: m.key } }).then(
                                  () => {
                                    if (editing === m.id) setEditing(null);
                                    reload();
                                  },
                                ),
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                  {open.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.namespace}</Table.Td>
                      <NameCell name={d.key} sub={d.name} />
                      <Table.Td>{d.type}</Table.Td>
                      <Table.Td>
                        <Text span size="sm" c="gray.7">
                          {t('metafields.notSet')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{d.storefront_visible ? t('metafields.yes') : t('metafields.no')}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" aria-label={t('metafields.setOne', { name: d.name })} onClick={() => setEditing(`def:${d.id}`)}>
                          {t('metafields.set')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
            </Loading>
          </>
        )}
        <ErrorNote error={defs.error} />
        <Definitions resourceType={resource.type} list={definitions} reload={reload} />
      </Stack>
    </>
  );
}
