import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea, Title, Typography } from '@mantine/core';
import { marked } from 'marked';
import { useMutation, useQuery } from 'urql';
import { TranslateCard, VoiceoverCard } from '../assistant-jobs';
import {
  ConsoleCreatePostDocument,
  ConsolePostDocument,
  ConsolePublishPostDocument,
  ConsoleSchedulePostDocument,
  ConsoleUpdatePostDocument,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { navigate } from '../router';
import { ErrorNote, PageHeader, StatusBadge } from '../ui';

interface Variant {
  locale: string;
  title: string;
  excerpt: string;
  body: string;
}

/** The live preview: Markdown to HTML with raw HTML escaped (the platform sanitizes bodies when it stores them). */
function Preview({ markdown }: { markdown: string }) {
  const html = useMemo(() => marked.parse(markdown.replace(/</g, '&lt;'), { async: false }), [markdown]);
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

export default function PostEdit({ id }: { id: string | null }) {
  const { t } = useI18n();
  const [{ data, error }] = useQuery({ query: ConsolePostDocument, variables: { id: id ?? '' }, pause: !id });
  const [created, create] = useMutation(ConsoleCreatePostDocument);
  const [updated, update] = useMutation(ConsoleUpdatePostDocument);
  const [published, publish] = useMutation(ConsolePublishPostDocument);
  const [scheduled, schedule] = useMutation(ConsoleSchedulePostDocument);
  const [variants, setVariants] = useState<Variant[]>([{ locale: 'en', title: '', excerpt: '', body: '' }]);
  const [tab, setTab] = useState<string | null>('0');
  const [at, setAt] = useState('');
  const [saved, setSaved] = useState(false);
  const post = data?.adminBlogPost;
  useEffect(() => {
    if (post) setVariants(post.variants.map((v) => ({ locale: v.locale, title: v.title, excerpt: v.excerpt ?? '', body: v.body })));
  }, [post]);
  const setVariant = (i: number, patch: Partial<Variant>) => setVariants(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const input = variants.map((v) => ({ locale: v.locale, title: v.title, excerpt: v.excerpt || null, body: v.body, body_format: 'markdown' }));
  const save = async () => {
    setSaved(false);
    if (!id) {
      const r = await create({ input: { variants: input } });
      if (r.data) navigate(`/content/posts/${r.data.createBlogPost.id}`);
    } else {
      const r = await update({ id, input: { variants: input } });
      if (!r.error) setSaved(true);
    }
  };
  return (
    <>
      <PageHeader title={post ? (post.variants[0]?.title ?? post.slug) : t('content.newPost')}>
        {post && <StatusBadge status={post.status} />}
        {id && (
          <Button variant="default" loading={published.fetching} onClick={() => void publish({ id })}>
            {t('content.publish')}
          </Button>
        )}
      </PageHeader>
      <ErrorNote error={error ?? created.error ?? updated.error ?? published.error ?? scheduled.error} />
      <Button
        variant="subtle"
        size="xs"
        mb="xs"
        onClick={() => {
          setVariants([...variants, { locale: variants.some((v) => v.locale === 'de') ? 'fr' : 'de', title: '', excerpt: '', body: '' }]);
          setTab(String(variants.length));
        }}
      >
        + {t('content.locale')}
      </Button>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          {variants.map((v, i) => (
            <Tabs.Tab key={i} value={String(i)}>
              {v.locale}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {variants.map((v, i) => (
          <Tabs.Panel key={i} value={String(i)}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack>
                <Group grow>
                  <TextInput label={t('content.locale')} value={v.locale} onChange={(e) => setVariant(i, { locale: e.currentTarget.value })} />
                  <TextInput label={t('common.title')} required value={v.title} onChange={(e) => setVariant(i, { title: e.currentTarget.value })} />
                </Group>
                <TextInput label={t('content.excerpt')} value={v.excerpt} onChange={(e) => setVariant(i, { excerpt: e.currentTarget.value })} />
                <Textarea
                  label={t('content.body')}
                  autosize
                  minRows={14}
                  styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
                  value={v.body}
                  onChange={(e) => setVariant(i, { body: e.currentTarget.value })}
                />
              </Stack>
              <Card withBorder aria-label={t('content.preview')} component="section">
                <Title order={3} size="h5" c="gray.7" mb="xs">
                  {t('content.preview')}
                </Title>
                <Title order={2} mb="sm">
                  {v.title}
                </Title>
                <Preview markdown={v.body} />
              </Card>
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group mt="md" align="end">
        <Button loading={created.fetching || updated.fetching} onClick={() => void save()}>
          {t('common.save')}
        </Button>
        {saved && (
          <Text role="status" c="green.9">
            {t('common.saved')}
          </Text>
        )}
        {id && (
          <>
            <TextInput label={t('content.scheduleAt')} type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            <Button variant="default" disabled={!at} loading={scheduled.fetching} onClick={() => void schedule({ id, at: new Date(at).toISOString() })}>
              {t('content.schedule')}
            </Button>
          </>
        )}
      </Group>
      {id && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <VoiceoverCard postId={id} locale={variants[Number(tab)]?.locale ?? variants[0].locale} />
          <TranslateCard resourceType="post" resourceId={id} />
        </SimpleGrid>
      )}
    </>
  );
}
