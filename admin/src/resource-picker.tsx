import { useState } from 'react';
import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsolePickedResourceDocument, ConsolePickResourcesDocument } from './graphql/generated';
import { useI18n } from './i18n';

/** The kinds the picker finds (the names menus use; metafields take them as their resource types). */
export const PICKABLE = ['product', 'collection', 'category', 'page', 'blog_post'] as const;

const flags = (type: string) => ({
  product: type === 'product',
  collection: type === 'collection',
  category: type === 'category',
  page: type === 'page',
  post: type === 'blog_post',
});
type Variants = { variants: { title: string }[]; slug: string };
const titleOf = (x: Variants) => x.variants[0]?.title || x.slug;
const matches = (q: string, ...texts: string[]) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => texts.some((x) => x.toLowerCase().includes(w)));
};

/**
 * A product, collection, category, page or blog post picked by its title: a search box and the
 * matches by title (products, collections and categories searched by the API, pages and posts among
 * the store's first 100); the value is the id, which stays shown beside the title.
 */
export function ResourcePicker(props: { type: string; value: string; onChange: (id: string) => void; label: string; size?: 'xs' | 'sm' }) {
  const { t } = useI18n();
  const { type, value, size = 'sm' } = props;
  const [q, setQ] = useState('');
  const known = (PICKABLE as readonly string[]).includes(type);
  const text = q.trim() || undefined;
  const [found] = useQuery({ query: ConsolePickResourcesDocument, variables: { q: text, ...flags(type) }, pause: !known });
  const [picked] = useQuery({ query: ConsolePickedResourceDocument, variables: { id: value, ...flags(type) }, pause: !known || !value });
  const d = found.data;
  const options: { value: string; label: string }[] = [
    ...(d?.adminProducts?.items ?? []).map((p) => ({ value: p.id, label: p.title })),
    ...(d?.collections?.items ?? []).map((c) => ({ value: c.id, label: c.title })),
    ...(d?.productCategories?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...[...(d?.adminPages?.items ?? []), ...(d?.adminBlogPosts?.items ?? [])]
      .filter((x) => !text || matches(text, x.slug, ...x.variants.map((v) => v.title)))
      .map((x) => ({ value: x.id, label: titleOf(x) })),
  ];
  const p = picked.data;
  const current =
    p?.adminProduct?.title ??
    p?.collection?.title ??
    p?.productCategory?.name ??
    (p?.adminPage && titleOf(p.adminPage)) ??
    (p?.adminBlogPost && titleOf(p.adminBlogPost));
  // the picked one stays listed (by its title, or its id when the store no longer has it) whatever the search finds
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: current ?? (picked.fetching ? value : t('picker.missing', { id: value })) });
  return (
    <Group gap={4} wrap="nowrap" flex={1} align="center">
      <TextInput
        size={size}
        type="search"
        aria-label={t('picker.search', { name: props.label })}
        placeholder={t('picker.placeholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        w={size === 'xs' ? 120 : 200}
      />
      <NativeSelect
        size={size}
        aria-label={props.label}
        value={value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        data={[{ value: '', label: found.fetching && !d ? t('common.loading') : t('picker.choose', { count: String(options.length) }) }, ...options]}
        flex={1}
        miw={160}
      />
      {value && (
        <Text size="xs" c="gray.7" ff="monospace" title={value} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 130 }}>
          {value}
        </Text>
      )}
    </Group>
  );
}
