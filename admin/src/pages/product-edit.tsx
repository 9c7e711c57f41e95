import { useState } from 'react';
import { ActionIcon, Box, Button, FileInput, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import { TranslateCard } from '../assistant-jobs';
import {
  ConsoleCreateProductDocument,
  ConsoleDeleteProductDocument,
  ConsoleProductDocument,
  ConsoleTemplatesDocument,
  ConsoleUpdateProductDocument,
  ConsoleUpdateProductImageDocument,
  type ConsoleProductDetailFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { uploadFile } from '../media';
import { ProductImages } from '../product-images';
import { ProductVariants } from '../product-variants';
import { navigate } from '../router';
import { ErrorNote, PageHeader, StatusBadge } from '../ui';

const STATUSES = ['draft', 'proposed', 'published', 'rejected', 'archived'];

export default function ProductEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, error }] = useQuery({ query: ConsoleProductDocument, variables: { id: id ?? '' }, pause: !id });
  if (!id) return <NewProduct />;
  if (error) return <ErrorNote error={error} />;
  if (!data) return <Text>{t('common.loading')}</Text>;
  const currencies = [...new Set(data.regions.items.map((r) => r.currency_code))];
  return <ExistingProduct key={data.adminProduct.id} product={data.adminProduct} currencies={currencies} />;
}

/** Attributes as the form shows them: one `key: value` a line. */
const attributeLines = (attributes: Record<string, unknown>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('\n');
const parseAttributes = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const at = l.indexOf(':');
        return at < 0 ? [l, ''] : [l.slice(0, at).trim(), l.slice(at + 1).trim()];
      }),
  );

/** Every combination of the options' values (the variants a new product with options starts with), in the options' order. */
const combinations = (options: { title: string; values: string[] }[]): Record<string, string>[] =>
  options.reduce<Record<string, string>[]>((acc, o) => acc.flatMap((c) => o.values.map((v) => ({ ...c, [o.title]: v }))), [{}]);

/** at most this many variants from a new product's options */
const MAX_COMBINATIONS = 100;

/**
 * A new product: its fields, an optional template (which fills the options, the status and the
 * attributes), the options (one variant per combination of their values, each with the price and
 * stock given, SKUs suffixed with the values), and an image uploaded to the media library.
 */
function NewProduct() {
  const { t } = useI18n();
  const client = useClient();
  const [, create] = useMutation(ConsoleCreateProductDocument);
  const [, updateImage] = useMutation(ConsoleUpdateProductImageDocument);
  const [{ data: templates }] = useQuery({ query: ConsoleTemplatesDocument });
  const [f, setF] = useState({ title: '', handle: '', description: '', status: 'published', sku: '', amount: 0, currency: 'eur', stock: 0 });
  const [template, setTemplate] = useState('');
  const [options, setOptions] = useState<{ title: string; values: string }[]>([]);
  const [attributes, setAttributes] = useState({ text: '', from: null as Record<string, unknown> | null, fromText: '' });
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (v: string | number) => setF({ ...f, [k]: v });
  const setOption = (i: number, patch: Partial<(typeof options)[number]>) => setOptions(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const applyTemplate = (id: string) => {
    setTemplate(id);
    const x = templates?.productTemplates.items.find((i) => i.id === id);
    if (!x) return;
    setF((v) => ({ ...v, status: x.default_status }));
    setOptions(x.options.map((o) => ({ title: o.title, values: o.values.join(', ') })));
    const attrs = (x.attributes ?? {}) as Record<string, unknown>;
    setAttributes({ text: attributeLines(attrs), from: attrs, fromText: attributeLines(attrs) });
  };
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const opts = options
        .map((o) => ({
          title: o.title.trim(),
          values: o.values
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        }))
        .filter((o) => o.title);
      const combos = combinations(opts);
      if (combos.length > MAX_COMBINATIONS) throw new Error(t('newProduct.tooMany', { n: combos.length, max: MAX_COMBINATIONS }));
      const metadata = attributes.from && attributes.text === attributes.fromText ? attributes.from : parseAttributes(attributes.text);
      const image = file ? await uploadFile(client, file, alt) : null;
      const r = await create({
        input: {
          title: f.title,
          handle: f.handle || undefined,
          description: f.description || undefined,
          status: f.status,
          metadata: Object.keys(metadata).length ? metadata : undefined,
          images: image ? [image] : undefined,
          options: opts.length ? opts : undefined,
          variants: combos.map((values) => {
            const named = opts.map((o) => values[o.title]);
            return {
              title: named.length ? named.join(' / ') : f.title,
              sku: f.sku ? [f.sku, ...named.map((n) => n.toUpperCase().replace(/\s+/g, '-'))].join('-') : undefined,
              options: named.length ? values : undefined,
              inventory_quantity: f.stock,
              prices: [{ currency_code: f.currency, amount: f.amount }],
            };
          }),
        },
      });
      if (r.error) throw r.error;
      const product = r.data!.createProduct;
      // the image's alt text, as typed for the upload
      if (alt.trim() && product.images[0]) await updateImage({ id: product.images[0].id, input: { alt: alt.trim() } });
      navigate(`/products/${product.id}`);
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PageHeader title={t('products.new')} />
      <ErrorNote error={error} />
      <Stack maw={640}>
        <NativeSelect
          label={t('newProduct.template')}
          value={template}
          onChange={(e) => applyTemplate(e.currentTarget.value)}
          data={[{ value: '', label: t('newProduct.noTemplate') }, ...(templates?.productTemplates.items ?? []).map((x) => ({ value: x.id, label: x.name }))]}
        />
        <TextInput label={t('common.title')} required value={f.title} onChange={(e) => set('title')(e.currentTarget.value)} />
        <TextInput label={t('common.handle')} value={f.handle} onChange={(e) => set('handle')(e.currentTarget.value)} />
        <Textarea label={t('product.description')} autosize minRows={3} value={f.description} onChange={(e) => set('description')(e.currentTarget.value)} />
        <NativeSelect label={t('common.status')} data={STATUSES} value={f.status} onChange={(e) => set('status')(e.currentTarget.value)} />
        <Text fw={500} size="sm">
          {t('templates.options')}
        </Text>
        {options.map((o, i) => (
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
              onClick={() => setOptions(options.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button variant="default" w="fit-content" onClick={() => setOptions([...options, { title: '', values: '' }])}>
          {t('templates.addOption')}
        </Button>
        {options.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('newProduct.combinations')}
          </Text>
        )}
        <Textarea
          label={t('newProduct.attributes')}
          autosize
          minRows={2}
          value={attributes.text}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setAttributes((a) => ({ ...a, text }));
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('product.sku')} value={f.sku} onChange={(e) => set('sku')(e.currentTarget.value)} />
          <NumberInput label={t('product.stock')} min={0} value={f.stock} onChange={(v) => set('stock')(Number(v) || 0)} />
          <NumberInput label={t('product.price')} min={0} decimalScale={2} value={f.amount} onChange={(v) => set('amount')(Number(v) || 0)} />
          <TextInput label={t('product.currency')} maxLength={3} value={f.currency} onChange={(e) => set('currency')(e.currentTarget.value.toLowerCase())} />
        </SimpleGrid>
        <FileInput label={t('product.upload')} accept="image/png,image/jpeg,image/webp,image/gif,image/avif" value={file} onChange={setFile} clearable />
        {file && <TextInput label={t('product.alt')} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />}
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.create')}
          </Button>
          <Button variant="default" onClick={() => navigate('/products')}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ExistingProduct({ product: p, currencies }: { product: ConsoleProductDetailFragment; currencies: string[] }) {
  const { t } = useI18n();
  const [update, updateProduct] = useMutation(ConsoleUpdateProductDocument);
  const [del, deleteProduct] = useMutation(ConsoleDeleteProductDocument);
  const [f, setF] = useState({ title: p.title, handle: p.handle, subtitle: p.subtitle ?? '', description: p.description ?? '', status: p.status });
  const [saved, setSaved] = useState(false);
  const save = async (input: Record<string, unknown>) => {
    setSaved(false);
    const r = await updateProduct({ id: p.id, input });
    if (!r.error) setSaved(true);
  };
  const remove = async () => {
    if (!window.confirm(t('products.deleteConfirm'))) return;
    const r = await deleteProduct({ id: p.id });
    if (!r.error) navigate('/products');
  };
  return (
    <>
      <PageHeader title={p.title}>
        <StatusBadge status={p.status} />
        {p.status === 'archived' ? (
          <Button variant="default" onClick={() => void save({ status: 'draft' })}>
            {t('products.unarchive')}
          </Button>
        ) : (
          <Button variant="default" onClick={() => void save({ status: 'archived' })}>
            {t('products.archive')}
          </Button>
        )}
        <Button color="red" variant="outline" loading={del.fetching} onClick={() => void remove()}>
          {t('common.delete')}
        </Button>
      </PageHeader>
      <ErrorNote error={update.error ?? del.error} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save({ ...f, subtitle: f.subtitle || null, description: f.description || null });
          }}
        >
          <Stack>
            <TextInput label={t('common.title')} required value={f.title} onChange={(e) => setF({ ...f, title: e.currentTarget.value })} />
            <TextInput label={t('common.handle')} required value={f.handle} onChange={(e) => setF({ ...f, handle: e.currentTarget.value })} />
            <TextInput label="Subtitle" value={f.subtitle} onChange={(e) => setF({ ...f, subtitle: e.currentTarget.value })} />
            <Textarea
              label={t('product.description')}
              autosize
              minRows={4}
              value={f.description}
              onChange={(e) => setF({ ...f, description: e.currentTarget.value })}
            />
            <NativeSelect label={t('common.status')} data={STATUSES} value={f.status} onChange={(e) => setF({ ...f, status: e.currentTarget.value })} />
            <Group>
              <Button type="submit" loading={update.fetching}>
                {t('common.save')}
              </Button>
              {saved && (
                <Text role="status" c="green.9">
                  {t('common.saved')}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
        <ProductImages product={p} />
      </SimpleGrid>
      <Box mt="xl">
        <ProductVariants product={p} currencies={currencies} />
      </Box>
      <TranslateCard resourceType="product" resourceId={p.id} />
    </>
  );
}
