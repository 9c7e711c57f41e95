import { useEffect, useState } from 'react';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
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
import { LocaleTabs } from '../locale-tabs';
import { navigate } from '../router';
import { ErrorNote, PageHeader, StatusBadge } from '../ui';

interface Variant {
  locale: string;
  title: string;
  excerpt: string;
  body: string;
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
      <LocaleTabs
        variants={variants}
        onChange={setVariants}
        tab={tab}
        onTab={setTab}
        blank={(locale) => ({ locale, title: '', excerpt: '', body: '' })}
        extra={(v, set) => <TextInput label={t('content.excerpt')} value={v.excerpt} onChange={(e) => set({ excerpt: e.currentTarget.value })} />}
      />
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
