import { useState, type DragEvent } from 'react';
import { ActionIcon, Box, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateMenuDocument,
  ConsoleDeleteMenuDocument,
  ConsoleMenusDocument,
  ConsoleUpdateMenuDocument,
  type ConsoleMenuFragment,
  type MenuItemInput,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { ResourcePicker } from '../resource-picker';
import { HINT, SiteHeader } from '../site-nav';
import { ErrorNote, ListTable, Loading, NameCell, RowActions, SavedNote } from '../ui';

const TYPES = ['url', 'product', 'collection', 'category', 'page', 'blog_post'] as const;
const MAX_DEPTH = 3;

interface Item {
  uid: number;
  label: string;
  type: string;
  link: string;
  children: Item[];
}
let uids = 0;
interface Stored {
  label: string;
  type: string;
  url?: string | null;
  resource_id?: string | null;
  children?: Stored[];
}
const itemOf = (i: Stored): Item => ({
  uid: ++uids,
  label: i.label,
  type: i.type,
  link: (i.type === 'url' ? i.url : i.resource_id) ?? '',
  children: (i.children ?? []).map(itemOf),
});
const inputOf = (i: Item): MenuItemInput => ({
  label: i.label.trim(),
  ...(i.type === 'url' ? { url: i.link.trim() } : { type: i.type, resource_id: i.link.trim() }),
  children: i.children.map(inputOf),
});

/** the tree with the sibling list at `path` (the parent's indices) replaced by `f(list)` */
function withSiblings(items: Item[], path: number[], f: (list: Item[]) => Item[]): Item[] {
  if (!path.length) return f(items);
  return items.map((it, i) => (i === path[0] ? { ...it, children: withSiblings(it.children, path.slice(1), f) } : it));
}
const move = (list: Item[], from: number, to: number) => {
  if (to < 0 || to >= list.length || from === to) return list;
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

/** One item and its children: label, link, drag handle, move up / down (the keyboard's way), add a child, remove. */
function ItemRows(props: {
  items: Item[];
  path: number[];
  update: (path: number[], f: (list: Item[]) => Item[]) => void;
  drag: { path: number[]; index: number } | null;
  setDrag: (d: { path: number[]; index: number } | null) => void;
}) {
  const { t } = useI18n();
  const { items, path, update } = props;
  const depth = path.length + 1;
  const sameList = (p: number[]) => p.length === path.length && p.every((x, i) => x === path[i]);
  return (
    <Stack gap={6} component="ol" style={{ listStyle: 'none', paddingInlineStart: path.length ? 28 : 0, margin: 0 }}>
      {items.map((it, i) => {
        const set = (patch: Partial<Item>) => update(path, (list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        const onDrop = (e: DragEvent) => {
          e.preventDefault();
          if (props.drag && sameList(props.drag.path)) update(path, (list) => move(list, props.drag!.index, i));
          props.setDrag(null);
        };
        const name = it.label || '…';
        return (
          <Box component="li" key={it.uid} aria-label={name}>
            <Card withBorder p={6} onDragOver={(e) => props.drag && sameList(props.drag.path) && e.preventDefault()} onDrop={onDrop}>
              <Group gap="xs" wrap="nowrap">
                {/* the handle drags (the whole card would take text selections in its inputs for drags); the arrows are the keyboard's way */}
                <Text
                  aria-hidden
                  c="gray.7"
                  px={4}
                  draggable
                  data-drag-handle
                  style={{ cursor: 'grab' }}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', name);
                    props.setDrag({ path, index: i });
                  }}
                  onDragEnd={() => props.setDrag(null)}
                >
                  ⠿
                </Text>
                <TextInput
                  size="xs"
                  aria-label={t('menus.label')}
                  placeholder={t('menus.label')}
                  value={it.label}
                  onChange={(e) => set({ label: e.currentTarget.value })}
                  flex={1}
                />
                <NativeSelect
                  size="xs"
                  aria-label={t('menus.linkType', { name })}
                  value={it.type}
                  onChange={(e) => set({ type: e.currentTarget.value, link: '' })}
                  data={TYPES.map((x) => ({ value: x, label: t(`menus.type.${x}` as MessageKey) }))}
                />
                {it.type === 'url' ? (
                  <TextInput
                    size="xs"
                    aria-label={t('menus.url', { name })}
                    placeholder="/pages/about-us"
                    value={it.link}
                    onChange={(e) => set({ link: e.currentTarget.value })}
                    flex={1}
                  />
                ) : (
                  <ResourcePicker size="xs" type={it.type} label={t('menus.resourceId', { name })} value={it.link} onChange={(link) => set({ link })} />
                )}
                <ActionIcon
                  variant="default"
                  aria-label={t('menus.up', { name })}
                  disabled={i === 0}
                  onClick={() => update(path, (list) => move(list, i, i - 1))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('menus.down', { name })}
                  disabled={i === items.length - 1}
                  onClick={() => update(path, (list) => move(list, i, i + 1))}
                >
                  ↓
                </ActionIcon>
                {depth < MAX_DEPTH && (
                  <ActionIcon
                    variant="default"
                    aria-label={t('menus.addChild', { name })}
                    onClick={() => set({ children: [...it.children, { uid: ++uids, label: '', type: 'url', link: '', children: [] }] })}
                  >
                    +
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="default"
                  color="red.9"
                  aria-label={t('menus.remove', { name })}
                  onClick={() => update(path, (list) => list.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              </Group>
            </Card>
            {it.children.length > 0 && <ItemRows {...props} items={it.children} path={[...path, i]} />}
          </Box>
        );
      })}
    </Stack>
  );
}

/** A menu's handle, title and item tree; saving sends the whole tree (the API replaces the items). */
function MenuEditor({ menu, onDone }: { menu: ConsoleMenuFragment | null; onDone: (saved: boolean) => void }) {
  const { t } = useI18n();
  const [handle, setHandle] = useState(menu?.handle ?? '');
  const [title, setTitle] = useState(menu?.title ?? '');
  const [items, setItems] = useState<Item[]>(() => (menu?.items ?? []).map(itemOf));
  const [drag, setDrag] = useState<{ path: number[]; index: number } | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const [created, create] = useMutation(ConsoleCreateMenuDocument);
  const [updated, update] = useMutation(ConsoleUpdateMenuDocument);
  const heading = menu ? t('menus.edit', { title: menu.title }) : t('menus.new');
  return (
    <Card withBorder component="section" aria-label={heading} mb="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSavedOnce(false);
          const input = { handle: handle.trim(), title: title.trim(), items: items.map(inputOf) };
          void (menu ? update({ id: menu.id, input }) : create({ input })).then((r) => {
            if (r.error) return;
            setSavedOnce(true);
            if (!menu) onDone(true);
          });
        }}
      >
        <Stack>
          <Title order={3} size="h4">
            {heading}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('common.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <TextInput
              label={t('common.handle')}
              description={t('menus.handleHint')}
              styles={HINT}
              required
              value={handle}
              onChange={(e) => setHandle(e.currentTarget.value)}
            />
          </Group>
          <Text size="sm" c="gray.7">
            {t('menus.help')}
          </Text>
          <ItemRows items={items} path={[]} update={(path, f) => setItems((x) => withSiblings(x, path, f))} drag={drag} setDrag={setDrag} />
          <Button
            size="xs"
            variant="default"
            w="fit-content"
            onClick={() => setItems((x) => [...x, { uid: ++uids, label: '', type: 'url', link: '', children: [] }])}
          >
            {t('menus.addItem')}
          </Button>
          <Group>
            <Button type="submit" loading={created.fetching || updated.fetching}>
              {menu ? t('common.save') : t('common.create')}
            </Button>
            <Button variant="default" onClick={() => onDone(false)}>
              {t('common.close')}
            </Button>
            <SavedNote shown={savedOnce} />
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const count = (items: { children?: unknown[] }[]): number => items.reduce((n, i) => n + 1 + count((i.children ?? []) as { children?: unknown[] }[]), 0);

/** The store's menus (main, footer, …): create, edit the item tree (drag or move up / down), delete. */
export default function SiteMenus() {
  const { t, date } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleMenusDocument });
  const [removed, remove] = useMutation(ConsoleDeleteMenuDocument);
  const [editing, setEditing] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const menu = data?.menus.find((m) => m.id === editing) ?? null;
  return (
    <>
      <SiteHeader page="site.menus" />
      {editing && (editing === 'new' || menu) && (
        <MenuEditor
          key={editing}
          menu={editing === 'new' ? null : menu}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {!editing && (
        <Button mb="md" onClick={() => setEditing('new')}>
          {t('menus.new')}
        </Button>
      )}
      <ErrorNote error={removed.error} />
      <Loading fetching={fetching} error={error}>
        {data && (
          <ListTable headers={[t('common.title'), t('menus.items'), t('menus.updated'), t('common.actions')]} count={data.menus.length}>
            {data.menus.map((m) => (
              <Table.Tr key={m.id}>
                <NameCell name={m.title} sub={m.handle} />
                <Table.Td>{count(m.items)}</Table.Td>
                <Table.Td>{date(m.updated_at)}</Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: t('menus.editOne', { title: m.title }), onClick: () => setEditing(m.id) }}
                    remove={{
                      label: t('menus.deleteOne', { title: m.title }),
                      question: t('menus.deleteConfirm', { title: m.title }),
                      onConfirm: () => void remove({ id: m.id }).then(reload),
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
