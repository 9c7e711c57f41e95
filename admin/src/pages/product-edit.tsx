import { useState } from 'react';
import { Button, Card, FileInput, Group, Image, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import { TranslateCard } from '../assistant-jobs';
import {
  ConsoleCreateProductDocument,
  ConsoleDeleteProductDocument,
  ConsoleProductDocument,
  ConsoleSetPricesDocument,
  ConsoleSetStockDocument,
  ConsoleUpdateProductDocument,
  type ConsoleProductDetailFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { uploadFile } from '../media';
import { navigate } from '../router';
import { ErrorNote, PageHeader, StatusBadge } from '../ui';

const STATUSES = ['draft', 'proposed', 'published', 'rejected', 'archived'];

export default function ProductEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, error }] = useQuery({ query: ConsoleProductDocument, variables: { id: id ?? '' }, pause: !id });
  if (!id) return <NewProduct />;
  if (error) return <ErrorNote error={error} />;
  if (!data) return <Text>{t('common.loading')}</Text>;
  return <ExistingProduct product={data.adminProduct} />;
}

function NewProduct() {
  const { t } = useI18n();
  const client = useClient();
  const [, create] = useMutation(ConsoleCreateProductDocument);
  const [f, setF] = useState({ title: '', handle: '', description: '', status: 'published', sku: '', amount: 0, currency: 'eur', stock: 0 });
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (v: string | number) => setF({ ...f, [k]: v });
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const images = file ? [await uploadFile(client, file, alt)] : undefined;
      const r = await create({
        input: {
          title: f.title,
          handle: f.handle || undefined,
          description: f.description || undefined,
          status: f.status,
          images,
          variants: [
            {
              title: f.title,
              sku: f.sku || undefined,
              inventory_quantity: f.stock,
              prices: [{ currency_code: f.currency, amount: f.amount }],
            },
          ],
        },
      });
      if (r.error) throw r.error;
      navigate(`/products/${r.data!.createProduct.id}`);
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
        <TextInput label={t('common.title')} required value={f.title} onChange={(e) => set('title')(e.currentTarget.value)} />
        <TextInput label={t('common.handle')} value={f.handle} onChange={(e) => set('handle')(e.currentTarget.value)} />
        <Textarea label={t('product.description')} autosize minRows={3} value={f.description} onChange={(e) => set('description')(e.currentTarget.value)} />
        <NativeSelect label={t('common.status')} data={STATUSES} value={f.status} onChange={(e) => set('status')(e.currentTarget.value)} />
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

function ExistingProduct({ product: p }: { product: ConsoleProductDetailFragment }) {
  const { t } = useI18n();
  const client = useClient();
  const [update, updateProduct] = useMutation(ConsoleUpdateProductDocument);
  const [del, deleteProduct] = useMutation(ConsoleDeleteProductDocument);
  const [f, setF] = useState({ title: p.title, handle: p.handle, subtitle: p.subtitle ?? '', description: p.description ?? '', status: p.status });
  const [saved, setSaved] = useState(false);
  const [uploadError, setUploadError] = useState<Error | null>(null);
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
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    try {
      await save({ thumbnail: await uploadFile(client, file, p.title) });
    } catch (e) {
      setUploadError(e as Error);
    }
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
      <ErrorNote error={update.error ?? del.error ?? uploadError} />
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
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            {t('product.images')}
          </Title>
          <Group mb="sm">
            {p.thumbnail && <Image src={p.thumbnail} alt={p.title} w={120} h={120} fit="contain" />}
            {p.images
              .filter((i) => i.url !== p.thumbnail)
              .map((i) => (
                <Image key={i.id} src={i.url} alt="" w={80} h={80} fit="contain" />
              ))}
          </Group>
          <FileInput label={t('product.upload')} accept="image/png,image/jpeg,image/webp,image/gif,image/avif" onChange={(file) => void upload(file)} />
        </Card>
      </SimpleGrid>
      <Title order={3} size="h4" mt="xl" mb="sm">
        {t('products.variants')}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('product.variant')}</Table.Th>
            <Table.Th>{t('product.sku')}</Table.Th>
            <Table.Th>{t('product.stock')}</Table.Th>
            <Table.Th>{t('product.prices')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.variants.map((v) => (
            <VariantRow key={v.id} variant={v} />
          ))}
        </Table.Tbody>
      </Table>
      <TranslateCard resourceType="product" resourceId={p.id} />
    </>
  );
}

function VariantRow({ variant: v }: { variant: ConsoleProductDetailFragment['variants'][number] }) {
  const { t, money } = useI18n();
  const [stock, setStock] = useState<number>(v.inventory_quantity);
  const [stockState, setStockMutation] = useMutation(ConsoleSetStockDocument);
  const [priceState, setPrices] = useMutation(ConsoleSetPricesDocument);
  const [currency, setCurrency] = useState('');
  const [amount, setAmount] = useState<number>(0);
  const prices = v.prices.map((p) => ({ currency_code: p.currency_code, amount: p.amount, region_id: p.region_id }));
  return (
    <Table.Tr>
      <Table.Td>{v.title}</Table.Td>
      <Table.Td>{v.sku ?? '–'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput aria-label={`${t('product.stock')} ${v.title}`} min={0} w={90} value={stock} onChange={(x) => setStock(Number(x) || 0)} />
          <Button size="xs" variant="default" loading={stockState.fetching} onClick={() => void setStockMutation({ variant: v.id, quantity: stock })}>
            {t('common.save')}
          </Button>
        </Group>
        <ErrorNote error={stockState.error} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {v.prices.map((p) => (
            <Text key={p.id} size="sm">
              {money(p.amount, p.currency_code)}
            </Text>
          ))}
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${t('product.currency')} ${v.title}`}
              placeholder="usd"
              w={70}
              maxLength={3}
              value={currency}
              onChange={(e) => setCurrency(e.currentTarget.value.toLowerCase())}
            />
            <NumberInput
              aria-label={`${t('product.price')} ${v.title}`}
              min={0}
              decimalScale={2}
              w={100}
              value={amount}
              onChange={(x) => setAmount(Number(x) || 0)}
            />
            <Button
              size="xs"
              variant="default"
              loading={priceState.fetching}
              disabled={currency.length !== 3}
              onClick={() =>
                void setPrices({
                  variant: v.id,
                  prices: [...prices.filter((p) => p.currency_code !== currency || p.region_id), { currency_code: currency, amount }],
                })
              }
            >
              {t('product.addPrice')}
            </Button>
          </Group>
          <ErrorNote error={priceState.error} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
