import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Image, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import { ConsoleDeleteMediaDocument, ConsoleMediaDocument, ConsoleUpdateMediaDocument, type ConsoleMediaQuery } from '../graphql/generated';
import { useI18n } from '../i18n';
import { uploadMedia } from '../media';
import { ErrorNote, ListTable, Loading, NameCell, PageHeader } from '../ui';

type Asset = ConsoleMediaQuery['mediaList']['items'][number];

const PAGE = 20;
/** the type filter: its MIME types as the API takes them */
const FILTERS = {
  '': null,
  images: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml'],
  documents: ['application/pdf'],
  audio: ['audio/wav'],
} as const;
type Filter = keyof typeof FILTERS;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif,image/svg+xml,application/pdf,audio/wav,.wav';

/** "1.2 MB", "340 KB", "912 B" */
function sizeOf(bytes: number, number: (n: number) => string): string {
  if (bytes >= 1024 * 1024) return `${number(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
  if (bytes >= 1024) return `${number(Math.round(bytes / 1024))} KB`;
  return `${number(bytes)} B`;
}

/** A row's alt text: edited in place, saved with its own button (null when emptied). */
function AltCell({ a, onError }: { a: Asset; onError: (e: Error | null) => void }) {
  const { t } = useI18n();
  const [alt, setAlt] = useState(a.alt ?? '');
  const [saved, save] = useMutation(ConsoleUpdateMediaDocument);
  const changed = alt !== (a.alt ?? '');
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <TextInput aria-label={t('media.altOf', { name: a.filename })} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} size="xs" miw={180} />
        <Button
          size="xs"
          variant={changed ? 'filled' : 'default'}
          disabled={!changed}
          loading={saved.fetching}
          aria-label={t('media.saveOf', { name: a.filename })}
          onClick={() => void save({ id: a.id, input: { alt: alt.trim() || null } }).then((r) => onError(r.error ?? null))}
        >
          {t('common.save')}
        </Button>
      </Group>
    </Table.Td>
  );
}

export default function Media() {
  const { t, date, number } = useI18n();
  const client = useClient();
  const [filter, setFilter] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<Error | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const mime = FILTERS[filter];
  const [list, reread] = useQuery({
    query: ConsoleMediaDocument,
    // no type filter: the argument left out (the API refuses null)
    variables: { limit: PAGE, offset: (page - 1) * PAGE, ...(mime ? { mime_type: [...mime] } : {}) },
  });
  const [, remove] = useMutation(ConsoleDeleteMediaDocument);
  const again = () => reread({ requestPolicy: 'network-only' });

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(true);
    setError(null);
    setUploaded([]);
    const done: string[] = [];
    try {
      for (const f of files) {
        await uploadMedia(client, f);
        done.push(f.name);
      }
    } catch (e) {
      setError(e as Error);
    } finally {
      setUploading(false);
      setUploaded(done);
      setPage(1);
      again();
    }
  };
  const del = async (a: Asset) => {
    if (!window.confirm(t('media.deleteConfirm', { name: a.filename }))) return;
    const r = await remove({ id: a.id });
    setError(r.error ?? null);
    again();
  };

  const items = list.data?.mediaList.items ?? [];
  return (
    <>
      <PageHeader title={t('nav.media')}>
        <NativeSelect
          aria-label={t('media.type')}
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as Filter);
            setPage(1);
          }}
          data={[
            { value: '', label: t('common.all') },
            { value: 'images', label: t('media.images') },
            { value: 'documents', label: t('media.documents') },
            { value: 'audio', label: t('media.audio') },
          ]}
        />
      </PageHeader>
      <Group mb="md" align="end">
        <FileInput label={t('media.upload')} accept={ACCEPT} multiple value={[]} disabled={uploading} onChange={(files) => void upload(files)} miw={260} />
        {uploading && <Text size="sm">{t('common.loading')}</Text>}
      </Group>
      {uploaded.length > 0 && (
        <Alert color="green" role="status" mb="md" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setUploaded([])}>
          {t('media.uploaded', { names: uploaded.join(', ') })}
        </Alert>
      )}
      <ErrorNote error={error} />
      <Loading fetching={list.fetching} error={list.error}>
        <ListTable
          headers={[t('media.preview'), t('media.file'), t('media.alt'), t('media.type'), t('media.size'), t('common.created'), t('common.actions')]}
          count={list.data?.mediaList.count ?? 0}
          paging={{ page, pageSize: PAGE, onPage: setPage }}
        >
          {items.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td w={72}>
                {a.mime_type.startsWith('image/') ? (
                  <Image src={a.url} alt={a.alt ?? ''} w={56} h={56} fit="contain" loading="lazy" />
                ) : (
                  <Text size="xs" c="gray.7">
                    {a.mime_type.split('/')[1].toUpperCase()}
                  </Text>
                )}
              </Table.Td>
              <NameCell
                name={
                  <Anchor href={a.url} target="_blank" rel="noreferrer" size="sm">
                    {a.filename}
                  </Anchor>
                }
                sub={a.width && a.height ? `${number(a.width)} × ${number(a.height)} px` : undefined}
              />
              <AltCell a={a} key={`${a.id}:${a.alt ?? ''}`} onError={(e) => (e ? setError(e) : again())} />
              <Table.Td>{a.mime_type}</Table.Td>
              <Table.Td>{sizeOf(a.size, number)}</Table.Td>
              <Table.Td>{date(a.created_at)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" c="red.9" aria-label={t('media.deleteOf', { name: a.filename })} onClick={() => void del(a)}>
                  {t('common.delete')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Loading>
    </>
  );
}
