import { useEffect, useState } from 'react';
import { Anchor, Button, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleAssistantJobDocument,
  ConsoleStoreLocalesDocument,
  ConsoleTranslateResourceDocument,
  ConsoleVoiceBlogPostDocument,
  type ConsoleAssistantJobFragment,
} from './graphql/generated';
import { useI18n } from './i18n';
import { ErrorNote, StatusBadge } from './ui';

const POLL_MS = 1_000;
const finished = (status: string) => status === 'succeeded' || status === 'failed';

/** An assistant job, read again every second until it has succeeded or failed. */
function useJob(first: ConsoleAssistantJobFragment | null): ConsoleAssistantJobFragment | null {
  const [{ data, fetching }, reread] = useQuery({
    query: ConsoleAssistantJobDocument,
    variables: { id: first?.id ?? '' },
    pause: !first || finished(first.status),
    requestPolicy: 'network-only',
  });
  const job = first && data?.assistantJob.id === first.id ? data.assistantJob : first;
  useEffect(() => {
    if (!job || finished(job.status) || fetching) return;
    const timer = setTimeout(() => reread({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearTimeout(timer);
  }, [job, fetching, reread]);
  return job;
}

/** A job's state: its status, the steps done of all, and its error once failed. */
function JobProgress({ job, label }: { job: ConsoleAssistantJobFragment; label: string }) {
  const { t } = useI18n();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <StatusBadge status={job.status} />
        <Text size="sm">{t('jobs.progress', { done: job.progress, total: job.total })}</Text>
      </Group>
      {!finished(job.status) && <Progress aria-label={label} value={job.total ? (100 * job.progress) / job.total : 0} animated />}
      {job.error && (
        <Text size="sm" c="red.9" role="alert">
          {job.error.message}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Translates a product, post (…) into locales the store has enabled: the job's progress, then what it
 * wrote (the translations become the resource's overrides), or why not (no translation provider: 503).
 */
export function TranslateCard({
  resourceType,
  resourceId,
}: {
  resourceType: 'product' | 'collection' | 'page' | 'post' | 'event' | 'tour';
  resourceId: string;
}) {
  const { t } = useI18n();
  const [{ data }] = useQuery({ query: ConsoleStoreLocalesDocument });
  const [started, start] = useMutation(ConsoleTranslateResourceDocument);
  const [locales, setLocales] = useState<string[]>([]);
  const job = useJob(started.data?.translateAssistantResource ?? null);
  const targets = (data?.locales ?? []).filter((l) => !l.is_default);
  const result = job?.status === 'succeeded' ? (job.result as { provider: string; locales: string[]; fields: string[]; credits: number }) : null;
  return (
    <Card withBorder component="section" aria-label={t('jobs.translate')} mt="lg">
      <Title order={3} size="h4" mb="xs">
        {t('jobs.translate')}
      </Title>
      <Text size="sm" c="gray.8" mb="sm">
        {t('jobs.translateHelp')}
      </Text>
      {data && targets.length === 0 ? (
        <Text size="sm">{t('jobs.noLocales')}</Text>
      ) : (
        <Checkbox.Group label={t('jobs.locales')} value={locales} onChange={setLocales}>
          <Group mt="xs">
            {targets.map((l) => (
              <Checkbox key={l.code} value={l.code} label={`${l.name} (${l.code})`} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Group mt="sm">
        <Button
          variant="default"
          disabled={locales.length === 0 || (!!job && !finished(job.status))}
          loading={started.fetching}
          onClick={() => void start({ input: { resource_type: resourceType, resource_id: resourceId, locales } })}
        >
          {t('jobs.translateStart')}
        </Button>
      </Group>
      <ErrorNote error={started.error} />
      {job && (
        <Stack mt="sm" gap="xs">
          <JobProgress job={job} label={t('jobs.translate')} />
          {result && (
            <Text size="sm" c="green.9" role="status">
              {t('jobs.translated', {
                locales: result.locales.join(', '),
                provider: result.provider,
                fields: result.fields.join(', '),
                credits: result.credits,
              })}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** A blog post's voiceover in a locale: the job's progress, then the audio to play, or the job's error. */
export function VoiceoverCard({ postId, locale }: { postId: string; locale: string }) {
  const { t, number } = useI18n();
  const [started, start] = useMutation(ConsoleVoiceBlogPostDocument);
  const job = useJob(started.data?.voiceAssistantBlogPost ?? null);
  const result = job?.status === 'succeeded' ? (job.result as { url: string; duration_seconds: number; engine: string; voice: string; locale: string }) : null;
  return (
    <Card withBorder component="section" aria-label={t('jobs.voiceover')} mt="lg">
      <Title order={3} size="h4" mb="xs">
        {t('jobs.voiceover')}
      </Title>
      <Text size="sm" c="gray.8" mb="sm">
        {t('jobs.voiceoverHelp', { locale })}
      </Text>
      <Group>
        <Button variant="default" disabled={!!job && !finished(job.status)} loading={started.fetching} onClick={() => void start({ post_id: postId, locale })}>
          {t('jobs.voiceoverStart')}
        </Button>
      </Group>
      <ErrorNote error={started.error} />
      {job && (
        <Stack mt="sm" gap="xs">
          <JobProgress job={job} label={t('jobs.voiceover')} />
          {result && (
            <>
              <audio controls src={result.url} aria-label={t('jobs.voiceoverAudio')} style={{ width: '100%' }} />
              <Group gap="xs">
                <Text size="sm">
                  {t('jobs.voiceoverDone', { seconds: number(Math.round(result.duration_seconds)), engine: result.engine, voice: result.voice })}
                </Text>
                <Anchor href={result.url} size="sm" download>
                  {t('jobs.download')}
                </Anchor>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}
