import '@mantine/core/styles.css';
import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DirectionProvider, MantineProvider, createTheme } from '@mantine/core';
import { directionOf, I18nProvider, type Language } from './i18n';
import { SessionProvider } from './session';
import { App } from './app';

// system fonts only: nothing is loaded from elsewhere
const theme = createTheme({
  primaryColor: 'indigo',
  // a darker shade for filled buttons and links: white text on it passes WCAG AA
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  defaultRadius: 'sm',
});

function Root() {
  const stored = (localStorage.getItem('console.lang') ?? navigator.language.slice(0, 2)) as Language;
  const [dir, setDir] = useState(directionOf(stored));
  const onDirection = useCallback((d: 'rtl' | 'ltr') => setDir(d), []);
  return (
    <DirectionProvider initialDirection={dir} key={dir}>
      <MantineProvider theme={theme}>
        <I18nProvider onDirection={onDirection}>
          <SessionProvider>
            <App />
          </SessionProvider>
        </I18nProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
