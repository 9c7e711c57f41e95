import { useEffect, useState } from 'react';
import { ActionIcon, Box, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleAddThemeSectionDocument,
  ConsoleRemoveThemeSectionDocument,
  ConsoleReorderThemeSectionsDocument,
  ConsoleThemeSectionsDocument,
  ConsoleUpdateThemeSectionDocument,
  type ConsoleThemeSectionsFragment,
} from '../graphql/generated';
import { useI18n } from '../i18n';
import { HINT, SiteHeader } from '../site-nav';
import { ErrorNote, Loading, Section } from '../ui';

type Theme = ConsoleThemeSectionsFragment;
const json = (v: unknown) => JSON.stringify(v ?? {}, null, 2);
/** the text as a settings object, or null when it is no JSON object */
function parsed(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text.trim() || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
const moved = (ids: string[], from: number, to: number) => {
  const out = [...ids];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

/**
 * The home page's sections in the order the storefront draws them: each one's settings edited as
 * JSON and saved on its own, moved by dragging or its ↑ / ↓ buttons (saved at once), removed after a
 * confirmation; new sections are added at the end.
 */
export default function SiteSections() {
  const { t } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleThemeSectionsDocument });
  const [theme, setTheme] = useState<Theme | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [bad, setBad] = useState<Record<string, boolean>>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const [type, setType] = useState('');
  const [settings, setSettings] = useState('{}');
  const [added, add] = useMutation(ConsoleAddThemeSectionDocument);
  const [updated, update] = useMutation(ConsoleUpdateThemeSectionDocument);
  const [removed, remove] = useMutation(ConsoleRemoveThemeSectionDocument);
  const [reordered, reorder] = useMutation(ConsoleReorderThemeSectionsDocument);
  useEffect(() => {
    if (data?.theme && !theme) setTheme(data.theme);
  }, [data, theme]);
  const sections = theme?.sections ?? [];
  const draftOf = (id: string, settings: unknown) => drafts[id] ?? json(settings);
  /** a mutation's theme replaces the one shown */
  const took = (next: Theme | undefined) => {
    if (!next) return false;
    setTheme(next);
    return true;
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    setSavedId(null);
    void reorder({
      ids: moved(
        sections.map((s) => s.id),
        from,
        to,
      ),
    }).then((r) => took(r.data?.reorderThemeSections));
  };
  const error2 = added.error ?? updated.error ?? removed.error ?? reordered.error;
  return (
    <>
      <SiteHeader page="site.sections" />
      <Text size="sm" c="gray.7" mb="md">
        {t('sections.help')}
      </Text>
      <ErrorNote error={error2} />
      <Loading fetching={fetching} error={error}>
        {theme && (
          <Stack>
            {sections.length === 0 && <Text>{t('sections.none')}</Text>}
            <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('sections.list')}>
              {sections.map((s, i) => {
                const name = `${i + 1}. ${s.type}`;
                const text = draftOf(s.id, s.settings);
                return (
                  <Box component="li" key={s.id} aria-label={s.type} data-section={s.type}>
                    <Card
                      withBorder
                      p="sm"
                      onDragOver={(e) => drag !== null && e.preventDefault()}
                      onDrop={(e) => {
                        e.preventDefault();
                        if (drag !== null) move(drag, i);
                        setDrag(null);
                      }}
                    >
                      <Group gap="xs" wrap="nowrap" align="start">
                        <Text
                          aria-hidden
                          c="gray.7"
                          px={4}
                          draggable
                          data-drag-handle
                          style={{ cursor: 'grab' }}
                          onDragStart={(e) => {
                            e.dataTransfer.effectAllowed = 'move';
                            e.dataTransfer.setData('text/plain', s.type);
                            setDrag(i);
                          }}
                          onDragEnd={() => setDrag(null)}
                        >
                          ⠿
                        </Text>
                        <Stack gap={6} flex={1}>
                          <Title order={3} size="h5">
                            {name}
                          </Title>
                          <Text size="xs" c="gray.7" ff="monospace">
                            {s.id}
                          </Text>
                          <Textarea
                            label={t('sections.settingsOf', { name: s.type })}
                            autosize
                            minRows={2}
                            maxRows={14}
                            ff="monospace"
                            value={text}
                            error={bad[s.id] ? t('sections.notJson') : undefined}
                            onChange={(e) => {
                              const v = e.currentTarget.value;
                              setSavedId(null);
                              setBad((x) => ({ ...x, [s.id]: false }));
                              setDrafts((x) => ({ ...x, [s.id]: v }));
                            }}
                          />
                          <Group gap="xs">
                            <Button
                              size="xs"
                              aria-label={t('sections.saveOne', { name: s.type })}
                              loading={updated.fetching}
                              onClick={() => {
                                const value = parsed(text);
                                if (!value) return setBad((x) => ({ ...x, [s.id]: true }));
                                setSavedId(null);
                                void update({ id: s.id, input: { settings: value } }).then((r) => {
                                  if (!took(r.data?.updateThemeSection)) return;
                                  setDrafts((x) => Object.fromEntries(Object.entries(x).filter(([id]) => id !== s.id)));
                                  setSavedId(s.id);
                                });
                              }}
                            >
                              {t('common.save')}
                            </Button>
                            {savedId === s.id && (
                              <Text size="sm" c="green.9" role="status">
                                {t('common.saved')}
                              </Text>
                            )}
                          </Group>
                        </Stack>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="default"
                            aria-label={t('sections.up', { name: s.type })}
                            disabled={i === 0 || reordered.fetching}
                            onClick={() => move(i, i - 1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={t('sections.down', { name: s.type })}
                            disabled={i === sections.length - 1 || reordered.fetching}
                            onClick={() => move(i, i + 1)}
                          >
                            ↓
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            color="red.9"
                            aria-label={t('sections.remove', { name: s.type })}
                            onClick={() => {
                              if (!confirm(t('sections.removeConfirm', { name: s.type }))) return;
                              void remove({ id: s.id }).then((r) => took(r.data?.removeThemeSection));
                            }}
                          >
                            ×
                          </ActionIcon>
                        </Group>
                      </Group>
                    </Card>
                  </Box>
                );
              })}
            </Stack>
            <Text size="sm" c="gray.7">
              {t('theme.version', { version: theme.version })}
            </Text>
            <Section title={t('sections.add')}>
              <form
                noValidate
                aria-label={t('sections.add')}
                onSubmit={(e) => {
                  e.preventDefault();
                  const value = parsed(settings);
                  if (!value) return setBad((x) => ({ ...x, new: true }));
                  void add({ input: { type: type.trim(), settings: value } }).then((r) => {
                    if (!took(r.data?.addThemeSection)) return;
                    setType('');
                    setSettings('{}');
                  });
                }}
              >
                <Stack gap="sm">
                  <TextInput
                    label={t('sections.type')}
                    description={t('sections.typeHint')}
                    styles={HINT}
                    required
                    value={type}
                    onChange={(e) => setType(e.currentTarget.value)}
                    maw={360}
                  />
                  <Textarea
                    label={t('sections.settings')}
                    autosize
                    minRows={3}
                    ff="monospace"
                    value={settings}
                    error={bad.new ? t('sections.notJson') : undefined}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setBad((x) => ({ ...x, new: false }));
                      setSettings(v);
                    }}
                  />
                  <Button type="submit" w="fit-content" loading={added.fetching}>
                    {t('sections.addButton')}
                  </Button>
                </Stack>
              </form>
            </Section>
          </Stack>
        )}
      </Loading>
    </>
  );
}
