import { useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Card, Code, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, type AnyVariables, type DocumentInput } from 'urql';
import {
  ConsoleAssistantSettingsDocument,
  ConsoleAssistantSkillsConfigDocument,
  ConsoleSetAssistantSkillsDocument,
  ConsoleConfigureAssistantProviderDocument,
  ConsoleConfigureSpeechProviderDocument,
  ConsoleConfigureTranslationProviderDocument,
  type ConsoleAssistantSettingsQuery,
} from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link } from '../router';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';
import { SaveRow, SecretNote } from './settings-providers';

type Settings = ConsoleAssistantSettingsQuery;

/** A provider's form: the API's answer (its validation errors as they came) and "Saved" once it took the values. */
function useSave<Data, Vars extends AnyVariables>(doc: DocumentInput<Data, Vars>, onSaved: () => void) {
  const [result, run] = useMutation(doc);
  const [done, setDone] = useState(false);
  const save = (vars: Vars, after?: () => void) => {
    setDone(false);
    void run(vars).then((r) => {
      if (r.data) {
        setDone(true);
        after?.();
        onSaved();
      }
    });
  };
  return { result, done, save };
}

/** A provider's card: its heading, enabled switch, the API's refusal, its fields and Save. */
function ProviderCard(props: {
  title: string;
  note: string;
  enabled?: { checked: boolean; set: (v: boolean) => void };
  error: Parameters<typeof ErrorNote>[0]['error'];
  busy: boolean;
  done: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Card
      withBorder
      component="form"
      aria-label={props.title}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {props.title}
          </Title>
          {props.enabled && (
            <Switch label={t('settings.enabled')} checked={props.enabled.checked} onChange={(e) => props.enabled!.set(e.currentTarget.checked)} />
          )}
        </Group>
        <Text size="sm" c="gray.8">
          {props.note}
        </Text>
        <ErrorNote error={props.error} />
        {props.children}
        <SaveRow title={props.title} busy={props.busy} done={props.done} />
      </Stack>
    </Card>
  );
}

/** The API key: write-only, empty keeps the saved one; the hint (its last four characters) says one is saved. */
function KeyInput({ hint, value, onChange }: { hint: string | undefined; value: string; onChange: (v: string) => void }) {
  const { t } = useI18n();
  return (
    <PasswordInput
      label={t('aiSettings.apiKey')}
      autoComplete="new-password"
      description={<SecretNote saved={!!hint} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function LanguageModel({ saved, onSaved }: { saved: Settings['assistantProvider']; onSaved: () => void }) {
  const { t } = useI18n();
  const { result, done, save } = useSave(ConsoleConfigureAssistantProviderDocument, onSaved);
  const [baseUrl, setBaseUrl] = useState(saved?.base_url ?? '');
  // the tiers only (the answer's __typename is no input field)
  const [models, setModels] = useState(() => {
    const m = saved?.models;
    return { fast: m?.fast ?? '', standard: m?.standard ?? '', advanced: m?.advanced ?? '' };
  });
  const [key, setKey] = useState('');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const tiers: [keyof typeof models, MessageKey][] = [
    ['fast', 'aiSettings.modelFast'],
    ['standard', 'aiSettings.modelStandard'],
    ['advanced', 'aiSettings.modelAdvanced'],
  ];
  return (
    <ProviderCard
      title={t('aiSettings.languageModel')}
      note={t('aiSettings.languageModelNote')}
      enabled={{ checked: enabled, set: setEnabled }}
      error={result.error}
      busy={result.fetching}
      done={done}
      onSubmit={() => save({ input: { base_url: baseUrl.trim(), models, enabled, ...(key ? { api_key: key } : {}) } }, () => setKey(''))}
    >
      <Text size="sm">
        {t('aiSettings.kind')}: <Code>language_model</Code> · {t('aiSettings.kindOpenAi')}
        {saved && (
          <>
            {' '}
            · {t('aiSettings.breaker')}: <StatusBadge status={saved.breaker === 'open' ? 'unavailable' : 'ok'} />
          </>
        )}
      </Text>
      <TextInput label={t('aiSettings.baseUrl')} placeholder="https://api.openai.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tiers.map(([tier, label]) => (
          <TextInput key={tier} label={t(label)} value={models[tier]} onChange={(e) => setModels({ ...models, [tier]: e.currentTarget.value })} />
        ))}
      </SimpleGrid>
      <KeyInput hint={saved?.api_key_hint} value={key} onChange={setKey} />
    </ProviderCard>
  );
}

type Engine = 'deepl' | 'language_model';

function Translation({ saved, llm, onSaved }: { saved: Settings['assistantTranslationProvider']; llm: boolean; onSaved: () => void }) {
  const { t } = useI18n();
  const { result, done, save } = useSave(ConsoleConfigureTranslationProviderDocument, onSaved);
  const [engine, setEngine] = useState<Engine>(saved?.enabled || !llm ? 'deepl' : 'language_model');
  const [baseUrl, setBaseUrl] = useState(saved?.base_url ?? '');
  const [key, setKey] = useState('');
  // DeepL first, else the language model, else nobody (Translate answers 503)
  const now = saved?.enabled ? 'deepl' : llm ? 'language_model' : null;
  return (
    <ProviderCard
      title={t('aiSettings.translation')}
      note={now ? t('aiSettings.translatesWith', { engine: now === 'deepl' ? 'DeepL' : t('aiSettings.languageModel') }) : t('aiSettings.translatesNone')}
      error={result.error}
      busy={result.fetching}
      done={done}
      onSubmit={() =>
        // the language model translates once DeepL is off: its key stays saved for later
        engine === 'language_model'
          ? saved && save({ input: { enabled: false } })
          : save({ input: { enabled: true, ...(baseUrl.trim() ? { base_url: baseUrl.trim() } : {}), ...(key ? { api_key: key } : {}) } }, () => setKey(''))
      }
    >
      <NativeSelect
        label={t('aiSettings.translateWith')}
        value={engine}
        onChange={(e) => setEngine(e.currentTarget.value as Engine)}
        data={[
          { value: 'deepl', label: 'DeepL' },
          { value: 'language_model', label: t('aiSettings.languageModel') },
        ]}
      />
      {engine === 'deepl' ? (
        <>
          <TextInput
            label={t('aiSettings.baseUrl')}
            description={
              <Text span size="xs" c="gray.8">
                {t('aiSettings.deeplBaseUrl')}
              </Text>
            }
            placeholder="https://api-free.deepl.com"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
          />
          <KeyInput hint={saved?.api_key_hint} value={key} onChange={setKey} />
        </>
      ) : (
        <Text size="sm">{llm ? t('aiSettings.useLanguageModel') : t('aiSettings.needsLanguageModel')}</Text>
      )}
    </ProviderCard>
  );
}

function Speech({ saved, onSaved }: { saved: Settings['assistantSpeechProvider']; onSaved: () => void }) {
  const { t } = useI18n();
  const { result, done, save } = useSave(ConsoleConfigureSpeechProviderDocument, onSaved);
  const [baseUrl, setBaseUrl] = useState(saved?.base_url ?? '');
  const [model, setModel] = useState(saved?.model ?? '');
  const [voice, setVoice] = useState(saved?.voice ?? '');
  const [key, setKey] = useState('');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  return (
    <ProviderCard
      title={t('aiSettings.speech')}
      note={saved?.enabled ? t('aiSettings.speechOn') : t('aiSettings.speechOffline')}
      enabled={{ checked: enabled, set: setEnabled }}
      error={result.error}
      busy={result.fetching}
      done={done}
      onSubmit={() =>
        save({ input: { base_url: baseUrl.trim(), model: model.trim(), voice: voice.trim(), enabled, ...(key ? { api_key: key } : {}) } }, () => setKey(''))
      }
    >
      <TextInput label={t('aiSettings.baseUrl')} placeholder="https://api.openai.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('aiSettings.speechModel')} placeholder="tts-1" value={model} onChange={(e) => setModel(e.currentTarget.value)} />
        <TextInput label={t('aiSettings.voice')} placeholder="alloy" value={voice} onChange={(e) => setVoice(e.currentTarget.value)} />
      </SimpleGrid>
      <KeyInput hint={saved?.api_key_hint} value={key} onChange={setKey} />
    </ProviderCard>
  );
}

/**
 * The store's own choice of skills: a switch per skill, saved at once (`setAssistantSkillsEnabled`);
 * a skill the platform operator has not allowed stays off and its switch is disabled.
 */
function Skills() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleAssistantSkillsConfigDocument, requestPolicy: 'network-only' });
  const [result, set] = useMutation(ConsoleSetAssistantSkillsDocument);
  const config = new Map((result.data?.setAssistantSkillsEnabled ?? data?.assistantSkillsConfig)?.skills.map((s) => [s.id, s]) ?? []);
  const count = result.data?.setAssistantSkillsEnabled.enabled_count ?? data?.assistantSkillsConfig.enabled_count ?? 0;
  return (
    <Card withBorder component="section" aria-label={t('aiSettings.skills')}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('aiSettings.skills')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('aiSettings.skillsNote')} {data && t('aiSettings.skillsCount', { enabled: count, all: data.assistantSkills.length })}{' '}
          <Anchor component={Link} to="/assistant" size="sm" underline="always">
            {t('aiSettings.creditUsage')}
          </Anchor>
        </Text>
        <ErrorNote error={result.error} />
        <Loading fetching={fetching} error={error}>
          {data && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.assistantSkills.map((skill) => {
                const c = config.get(skill.id);
                const allowed = c?.allowed ?? true;
                return (
                  <Switch
                    key={skill.id}
                    label={skill.name}
                    description={
                      // the grey of the other descriptions (Mantine's dimmed one is below WCAG AA on white)
                      <Text span size="xs" c="gray.8">
                        {allowed ? skill.category : t('aiSettings.skillNotAllowed')}
                      </Text>
                    }
                    checked={c?.enabled ?? false}
                    disabled={!allowed || result.fetching}
                    onChange={(e) => {
                      const enabled = e.currentTarget.checked;
                      void set({ skills: [{ id: skill.id, enabled }] }).then((r) => r.error && refetch({ requestPolicy: 'network-only' }));
                    }}
                  />
                );
              })}
            </SimpleGrid>
          )}
        </Loading>
      </Stack>
    </Card>
  );
}

/** The assistant's providers: the language model, translation (DeepL or the language model) and speech; keys are write-only. */
export default function AssistantSettings() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleAssistantSettingsDocument, requestPolicy: 'network-only' });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader title={t('aiSettings.title')}>
        <Anchor component={Link} to="/assistant">
          {t('nav.assistant')}
        </Anchor>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        {data && (
          <Stack>
            <Group gap="xs" role="status" aria-label={t('aiSettings.providers')}>
              <Text size="sm">{t('aiSettings.providers')}:</Text>
              {data.assistantStoreContext.providers.map((p) => (
                <Group key={p.id} gap={4}>
                  <Code>{p.id}</Code>
                  <StatusBadge status={p.configured ? 'ready' : 'awaiting_setup'} />
                </Group>
              ))}
            </Group>
            <LanguageModel saved={data.assistantProvider} onSaved={reload} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Translation saved={data.assistantTranslationProvider} llm={!!data.assistantProvider?.enabled} onSaved={reload} />
              <Speech saved={data.assistantSpeechProvider} onSaved={reload} />
            </SimpleGrid>
            <Skills />
          </Stack>
        )}
      </Loading>
    </>
  );
}
