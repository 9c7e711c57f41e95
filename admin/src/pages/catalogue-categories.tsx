import { useState } from 'react';
import { ActionIcon, Box, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from 'urql';
import { ConsoleDeleteCategoryDocument, ConsoleUpdateCategoryDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, RowActions } from '../ui';

interface Category {
  id: string;
  name: string;
  handle: string;
  description: string;
  rank: number;
  parent_category_id: string | null;
}

/** the ids of `id` and everything under it (no category may move there: the API answers 409) */
function subtree(all: Category[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) {
      if (c.parent_category_id && out.has(c.parent_category_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Name, handle, description and parent of one category, saved with updateProductCategory. */
function CategoryEditor({ c, all, onDone }: { c: Category; all: Category[]; onDone: (saved: boolean) => void }) {
  const { t } = useI18n();
  const [{ fetching, error }, update] = useMutation(ConsoleUpdateCategoryDocument);
  const [name, setName] = useState(c.name);
  const [handle, setHandle] = useState(c.handle);
  const [description, setDescription] = useState(c.description);
  const [parent, setParent] = useState(c.parent_category_id ?? '');
  const below = subtree(all, c.id);
  return (
    <Card withBorder mt={6} component="section" aria-label={t('catalogue.editCategory', { name: c.name })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const input = {
            name,
            handle,
            description,
            ...(parent !== (c.parent_category_id ?? '') ? { parent_category_id: parent || null } : {}),
          };
          void update({ id: c.id, input }).then((r) => !r.error && onDone(true));
        }}
      >
        <Stack gap="xs">
          <ErrorNote error={error} />
          <TextInput label={t('catalogue.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={t('common.handle')} required value={handle} onChange={(e) => setHandle(e.currentTarget.value)} />
          <Textarea label={t('catalogue.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
          <NativeSelect
            label={t('catalogue.parent')}
            value={parent}
            onChange={(e) => setParent(e.currentTarget.value)}
            data={[{ value: '', label: t('catalogue.topLevel') }, ...all.filter((x) => !below.has(x.id)).map((x) => ({ value: x.id, label: x.name }))]}
          />
          <Group>
            <Button type="submit" loading={fetching}>
              {t('common.save')}
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

/**
 * The category tree: each level in rank order, reordered among its siblings by dragging a row's
 * handle or with its ↑/↓ buttons (the keyboard's way), each saved at once as the category's new
 * rank (the API renumbers the siblings); edit (rename, move under another parent) and delete.
 */
export function CategoryTree({ all, reload }: { all: Category[]; reload: () => void }) {
  const { t } = useI18n();
  const [moved, move] = useMutation(ConsoleUpdateCategoryDocument);
  const [removed, remove] = useMutation(ConsoleDeleteCategoryDocument);
  const [editing, setEditing] = useState<string | null>(null);
  const [drag, setDrag] = useState<Category | null>(null);
  const setRank = (c: Category, rank: number) => void move({ id: c.id, input: { rank } }).then((r) => !r.error && reload());

  const level = (parent: string | null) => {
    const siblings = all.filter((c) => c.parent_category_id === parent);
    if (!siblings.length) return null;
    return (
      <Stack gap={6} component="ol" style={{ listStyle: 'none', paddingInlineStart: parent ? 28 : 0, margin: 0 }}>
        {siblings.map((c, i) => (
          <Box component="li" key={c.id} aria-label={c.name}>
            <Card
              withBorder
              p={6}
              onDragOver={(e) => drag && drag.parent_category_id === parent && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (drag && drag.parent_category_id === parent && drag.id !== c.id) setRank(drag, i);
                setDrag(null);
              }}
            >
              <Group gap="xs" wrap="nowrap">
                {/* the handle drags; the arrows are the keyboard's way */}
                <Text
                  aria-hidden
                  c="gray.7"
                  px={4}
                  draggable
                  data-drag-handle
                  style={{ cursor: 'grab' }}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', c.name);
                    setDrag(c);
                  }}
                  onDragEnd={() => setDrag(null)}
                >
                  ⠿
                </Text>
                <Text flex={1}>
                  {c.name}{' '}
                  <Text span size="sm" c="gray.7">
                    {c.handle}
                  </Text>
                </Text>
                <ActionIcon variant="default" aria-label={t('catalogue.up', { name: c.name })} disabled={i === 0} onClick={() => setRank(c, i - 1)}>
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('catalogue.down', { name: c.name })}
                  disabled={i === siblings.length - 1}
                  onClick={() => setRank(c, i + 1)}
                >
                  ↓
                </ActionIcon>
                <RowActions
                  edit={{ label: t('catalogue.edit', { name: c.name }), onClick: () => setEditing(editing === c.id ? null : c.id) }}
                  remove={{
                    label: t('catalogue.delete', { name: c.name }),
                    question: t('catalogue.deleteConfirm', { name: c.name }),
                    onConfirm: () => void remove({ id: c.id }).then((r) => !r.error && reload()),
                  }}
                />
              </Group>
            </Card>
            {editing === c.id && (
              <CategoryEditor
                c={c}
                all={all}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) reload();
                }}
              />
            )}
            {level(c.id)}
          </Box>
        ))}
      </Stack>
    );
  };

  return (
    <>
      <ErrorNote error={moved.error ?? removed.error} />
      <Text size="sm" c="gray.7" mb="xs">
        {t('catalogue.treeHint')}
      </Text>
      {level(null)}
    </>
  );
}
