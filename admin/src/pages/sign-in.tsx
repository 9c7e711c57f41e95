import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useI18n } from '../i18n';
import { navigate } from '../router';
import { errorCode, useSession } from '../session';
import { LanguageSelect } from '../app';
import type { CombinedError } from 'urql';

export function SignIn({ adding = false }: { adding?: boolean }) {
  const { t } = useI18n();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      navigate('/products');
    } catch (err) {
      const code = errorCode(err as CombinedError);
      setError(code === 'invalid_credentials' || code === 'unauthorized' ? t('signin.failed') : ((err as Error).message ?? t('common.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={380} maw="100%">
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <Group justify="space-between">
              <Title order={1} size="h3">
                {adding ? t('signin.another') : t('signin.title')}
              </Title>
              <LanguageSelect />
            </Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('signin.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('signin.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              {t('signin.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
