import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, FileInput, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useClient, useMutation } from 'urql';
import {
  ConsoleAddProductImageDocument,
  ConsoleDeleteProductImageDocument,
  ConsoleReorderProductImagesDocument,
  ConsoleSetProductThumbnailDocument,
  ConsoleUpdateProductImageDocument,
  type ConsoleProductDetailFragment,
} from './graphql/generated';
import { useI18n } from './i18n';
import { uploadMedia } from './media';
import { ErrorNote, Section } from './ui';

type Product = ConsoleProductDetailFragment;
type ProductImage = Product['images'][number];

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** `ids` with the item at `from` moved to `to` */
const moved = (ids: string[], from: number, to: number): string[] => {
  const out = [...ids];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

/**
 * A product's gallery in the storefront's order: each image with its alt text (saved per image),
 * moved by dragging its handle or with its ↑ / ↓ buttons (saved at once, the whole order sent so
 * that a change made meanwhile elsewhere is refused rather than overwritten), made the thumbnail,
 * removed after a confirmation; a new image is uploaded to the media library with its alt text and
 * added from there.
 */
export function ProductImages({ product: p }: { product: Product }) {
  const { t } = useI18n();
  const client = useClient();
  const [added, add] = useMutation(ConsoleAddProductImageDocument);
  const [updated, update] = useMutation(ConsoleUpdateProductImageDocument);
  const [reordered, reorder] = useMutation(ConsoleReorderProductImagesDocument);
  const [thumbed, setThumbnail] = useMutation(ConsoleSetProductThumbnailDocument);
  const [removed, remove] = useMutation(ConsoleDeleteProductImageDocument);
  const [drag, setDrag] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [uploadError, setUploadError] = useState<Error | null>(null);
  const [uploading, setUploading] = useState(false);
  const images = [...p.images].sort((a, b) => a.rank - b.rank);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    void reorder({
      product: p.id,
      ids: moved(
        images.map((i) => i.id),
        from,
        to,
      ),
    });
  };
  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const asset = await uploadMedia(client, file, alt.trim());
      const r = await add({ product: p.id, input: { media_id: asset.id } });
      if (r.error) throw r.error;
      setFile(null);
      setAlt('');
    } catch (e) {
      setUploadError(e as Error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Section title={t('product.images')}>
      <ErrorNote error={added.error ?? updated.error ?? reordered.error ?? thumbed.error ?? removed.error ?? uploadError} />
      {images.length === 0 && (
        <Text size="sm" mb="sm">
          {t('images.none')}
        </Text>
      )}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('images.list')}>
        {images.map((img, i) => (
          <Box component="li" key={img.id} aria-label={t('images.item', { n: i + 1 })}>
            <Card
              withBorder
              p="xs"
              onDragOver={(e) => drag !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (drag !== null) move(drag, i);
                setDrag(null);
              }}
            >
              <ImageRow
                image={img}
                n={i + 1}
                last={i === images.length - 1}
                thumbnail={img.url === p.thumbnail}
                busy={reordered.fetching}
                onDragStart={() => setDrag(i)}
                onDragEnd={() => setDrag(null)}
                onMove={(by) => move(i, i + by)}
                onAlt={(text) => update({ id: img.id, input: { alt: text.trim() || null } }).then((r) => !r.error)}
                onThumbnail={() => void setThumbnail({ product: p.id, image: img.id })}
                onRemove={() => {
                  if (!window.confirm(t('images.removeConfirm', { n: i + 1 }))) return;
                  void remove({ id: img.id });
                }}
              />
            </Card>
          </Box>
        ))}
      </Stack>
      <Group align="end" mt="sm">
        <FileInput label={t('product.upload')} accept={IMAGE_TYPES} value={file} onChange={setFile} clearable miw={200} />
        <TextInput label={t('images.newAlt')} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
        <Button onClick={() => void upload()} loading={uploading} disabled={!file}>
          {t('images.add')}
        </Button>
      </Group>
    </Section>
  );
}

function ImageRow(props: {
  image: ProductImage;
  n: number;
  last: boolean;
  thumbnail: boolean;
  busy: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (by: number) => void;
  onAlt: (text: string) => Promise<boolean>;
  onThumbnail: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { image: img, n } = props;
  const [alt, setAlt] = useState(img.alt ?? '');
  const [saved, setSaved] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text
        aria-hidden
        c="gray.7"
        px={4}
        draggable
        data-drag-handle
        style={{ cursor: 'grab' }}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', img.id);
          props.onDragStart();
        }}
        onDragEnd={props.onDragEnd}
      >
        ⠿
      </Text>
      <Image src={img.url} alt={img.alt ?? ''} w={64} h={64} fit="contain" />
      <Stack gap={4} flex={1}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('images.item', { n })}
          </Text>
          {props.thumbnail && (
            <Badge variant="light" c="dark.8">
              {t('images.thumbnail')}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" align="end">
          <TextInput
            aria-label={t('images.altOf', { n })}
            placeholder={t('product.alt')}
            value={alt}
            flex={1}
            onChange={(e) => {
              setSaved(false);
              setAlt(e.currentTarget.value);
            }}
          />
          <Button size="xs" variant="default" aria-label={t('images.saveAlt', { n })} onClick={() => void props.onAlt(alt).then(setSaved)}>
            {t('common.save')}
          </Button>
          {saved && (
            <Text size="sm" c="#1f6f32" role="status">
              {t('common.saved')}
            </Text>
          )}
        </Group>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" aria-label={t('images.up', { n })} disabled={n === 1 || props.busy} onClick={() => props.onMove(-1)}>
          ↑
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t('images.down', { n })} disabled={props.last || props.busy} onClick={() => props.onMove(1)}>
          ↓
        </ActionIcon>
        <Button size="xs" variant="default" aria-label={t('images.makeThumbnail', { n })} disabled={props.thumbnail} onClick={props.onThumbnail}>
          {t('images.thumbnail')}
        </Button>
        <ActionIcon variant="default" color="red.9" aria-label={t('images.remove', { n })} onClick={props.onRemove}>
          ×
        </ActionIcon>
      </Group>
    </Group>
  );
}
