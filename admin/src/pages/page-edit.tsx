import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Textarea, Typography } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreatePageDocument,
  ConsoleDeletePageDocument,
  ConsolePageDocument,
  ConsolePublishPageDocument,
  ConsoleSchedulePageDocument,
  ConsoleUnpublishPageDocument,
  ConsoleUpdatePageDocument,
  type ConsolePageFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { LocaleTabs } from '../locale-tabs';
import { navigate } from '../router';
import { ErrorNote, PageHeader, SavedNote, Section, StatusBadge } from '../ui';
import { TranslateCard } from '../assistant-jobs';

interface Variant {
  locale: string;
  title: string;
  body: string;
  body_format: string;
  seo_title: string;
  seo_description: string;
  /** the sanitized HTML as saved (the preview of an HTML body) */
  html: string;
}

const blank = (locale: string): Variant => ({ locale, title: '', body: '', body_format: 'markdown', seo_title: '', seo_description: '', html: '' });

/** A CMS page: its slug, locale variants (title, Markdown or HTML body, SEO title and description), canonical URL and Open Graph image. */
export default function PageEdit({ id }: { id: string | null }) {
  const { t, date } = useI18n();
  const [{ data, error }] = useQuery({ query: ConsolePageDocument, variables: { id: id ?? '' }, pause: !id });
  const [created, create] = useMutation(ConsoleCreatePageDocument);
  const [updated, update] = useMutation(ConsoleUpdatePageDocument);
  const [published, publish] = useMutation(ConsolePublishPageDocument);
  const [unpublished, unpublish] = useMutation(ConsoleUnpublishPageDocument);
  const [scheduled, schedule] = useMutation(ConsoleSchedulePageDocument);
  const [at, setAt] = useState('');
  const [deleted, remove] = useMutation(ConsoleDeletePageDocument);
  const [variants, setVariants] = useState<Variant[]>([blank('en')]);
  const [slug, setSlug] = useState('');
  const [canonical, setCanonical] = useState('');
  const [ogImage, setOgImage] = useState('');
  const [tab, setTab] = useState<string | null>('0');
  const [saved, setSaved] = useState(false);
  // the page as the last answer had it: loaded, saved, published or unpublished
  const [latest, setLatest] = useState<ConsolePageFragment | null>(null);
  const loaded = data?.adminPage;
  const pg = latest ?? loaded;
  useEffect(() => {
    if (!loaded) return;
    setLatest(loaded);
    setVariants(
      loaded.variants.map((v) => ({
        locale: v.locale,
        title: v.title,
        body: v.body,
        body_format: v.body_format,
        seo_title: v.seo_title ?? '',
        seo_description: v.seo_description ?? '',
        html: v.html,
      })),
    );
    setSlug(loaded.slug);
    setCanonical(loaded.canonical_url ?? '');
    setOgImage(loaded.og_image_url ?? '');
  }, [loaded]);
  const save = async () => {
    setSaved(false);
    const input = {
      slug: slug.trim() || null,
      canonical_url: canonical.trim() || null,
      og_image_url: ogImage.trim() || null,
      variants: variants.map((v) => ({
        locale: v.locale,
        title: v.title,
        body: v.body,
        body_format: v.body_format,
        seo_title: v.seo_title.trim() || null,
        seo_description: v.seo_description.trim() || null,
      })),
    };
    if (!id) {
      const r = await create({ input });
      if (r.data) navigate(`/content/pages/${r.data.createPage.id}`);
    } else {
      const r = await update({ id, input: { ...input, slug: input.slug ?? undefined } });
      if (r.data) {
        setSaved(true);
        setLatest(r.data.updatePage);
        setVariants((vs) => vs.map((v, i) => ({ ...v, html: r.data!.updatePage.variants[i]?.html ?? v.html })));
      }
    }
  };
  const del = async () => {
    if (!id || !window.confirm(t('pages.deleteConfirm'))) return;
    const r = await remove({ id });
    if (!r.error) navigate('/content/pages');
  };
  return (
    <>
      <PageHeader title={pg ? (pg.variants[0]?.title ?? pg.slug) : t('pages.new')}>
        {pg && <StatusBadge status={pg.status} />}
        {id && pg?.status !== 'published' && (
          <Button variant="default" loading={published.fetching} onClick={() => void publish({ id }).then((r) => r.data && setLatest(r.data.publishPage))}>
            {t('content.publish')}
          </Button>
        )}
        {id && pg?.status === 'published' && (
          <Button
            variant="default"
            loading={unpublished.fetching}
            onClick={() => void unpublish({ id }).then((r) => r.data && setLatest(r.data.unpublishPage))}
          >
            {t('pages.unpublish')}
          </Button>
        )}
        {id && (
          <Button variant="default" color="red" loading={deleted.fetching} onClick={() => void del()}>
            {t('common.delete')}
          </Button>
        )}
      </PageHeader>
      <ErrorNote error={error ?? created.error ?? updated.error ?? published.error ?? unpublished.error ?? scheduled.error ?? deleted.error} />
      {pg?.status === 'scheduled' && pg.published_at && (
        <Text role="status" mb="sm">
          {t('pages.scheduledFor', { date: date(pg.published_at) })}
        </Text>
      )}
      <LocaleTabs
        variants={variants}
        onChange={setVariants}
        tab={tab}
        onTab={setTab}
        blank={blank}
        bodyLabel={t('pages.body')}
        extra={(v, set) => (
          <NativeSelect
            label={t('pages.bodyFormat')}
            value={v.body_format}
            data={[
              { value: 'markdown', label: 'Markdown' },
              { value: 'html', label: 'HTML' },
            ]}
            onChange={(e) => set({ body_format: e.currentTarget.value })}
          />
        )}
        preview={(v) =>
          v.body_format === 'html' ? (
            <>
              <Text size="xs" c="gray.7" mb="xs">
                {t('pages.htmlPreview')}
              </Text>
              <Typography>
                <div dangerouslySetInnerHTML={{ __html: v.html }} />
              </Typography>
            </>
          ) : undefined
        }
      />
      <Section title={t('pages.seo')}>
        <Stack>
          {variants.map((v, i) => (
            <Group key={i} grow align="start">
              <TextInput
                label={t('pages.seoTitle', { locale: v.locale })}
                value={v.seo_title}
                onChange={(e) => setVariants(variants.map((w, j) => (j === i ? { ...w, seo_title: e.currentTarget.value } : w)))}
              />
              <Textarea
                label={t('pages.seoDescription', { locale: v.locale })}
                autosize
                value={v.seo_description}
                onChange={(e) => setVariants(variants.map((w, j) => (j === i ? { ...w, seo_description: e.currentTarget.value } : w)))}
              />
            </Group>
          ))}
          <Group grow align="start">
            <TextInput
              label={t('pages.slug')}
              description={t('pages.slugHint')}
              // Mantine's dimmed description is too faint on white (WCAG AA)
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              value={slug}
              onChange={(e) => setSlug(e.currentTarget.value)}
            />
            <TextInput label={t('pages.canonical')} type="url" value={canonical} onChange={(e) => setCanonical(e.currentTarget.value)} />
            <TextInput label={t('pages.ogImage')} type="url" value={ogImage} onChange={(e) => setOgImage(e.currentTarget.value)} />
          </Group>
        </Stack>
      </Section>
      <Group mt="md" align="end">
        <Button loading={created.fetching || updated.fetching} onClick={() => void save()}>
          {id ? t('common.save') : t('common.create')}
        </Button>
        <SavedNote shown={saved} />
        {id && (
          <>
            <TextInput label={t('content.scheduleAt')} type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            <Button
              variant="default"
              disabled={!at}
              loading={scheduled.fetching}
              onClick={() => void schedule({ id, at: new Date(at).toISOString() }).then((r) => r.data && setLatest(r.data.schedulePage))}
            >
              {t('content.schedule')}
            </Button>
          </>
        )}
      </Group>
      {id && (
        <Stack mt="lg">
          <TranslateCard resourceType="page" resourceId={id} />
        </Stack>
      )}
    </>
  );
}
