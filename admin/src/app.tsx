import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AppShell, Burger, Group, Loader, NativeSelect, NavLink, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Provider, useQuery } from 'urql';
import { LANGUAGES, useI18n, type Language, type MessageKey } from './i18n';
import { Link, match, navigate, usePath } from './router';
import { errorMessage, useSession } from './session';
import { ConsoleAdminStoresDocument } from './graphql/generated';
import { SignIn } from './pages/sign-in';

// every page is its own chunk: the first page loads only the shell and what it shows
const Products = lazy(() => import('./pages/products'));
const ProductEdit = lazy(() => import('./pages/product-edit'));
const Catalogue = lazy(() => import('./pages/catalogue'));
const CollectionEdit = lazy(() => import('./pages/collection-edit'));
const Templates = lazy(() => import('./pages/templates'));
const Orders = lazy(() => import('./pages/orders'));
const OrderDetail = lazy(() => import('./pages/order-detail'));
const Customers = lazy(() => import('./pages/customers'));
const CustomerDetail = lazy(() => import('./pages/customer-detail'));
const Subscriptions = lazy(() => import('./pages/subscriptions'));
const Quotes = lazy(() => import('./pages/quotes'));
const Plans = lazy(() => import('./pages/plans'));
const SubscriptionDetail = lazy(() => import('./pages/subscription-detail'));
const QuoteDetail = lazy(() => import('./pages/quote-detail'));
const QuoteSettings = lazy(() => import('./pages/quote-settings'));
const Bookings = lazy(() => import('./pages/bookings'));
// Events, tours and services (issue 30)
const Events = lazy(() => import('./pages/events'));
const EventEdit = lazy(() => import('./pages/event-edit'));
const Tours = lazy(() => import('./pages/tours'));
const TourEdit = lazy(() => import('./pages/tour-edit'));
const Services = lazy(() => import('./pages/services'));
const ServiceEdit = lazy(() => import('./pages/service-edit'));
const Moderation = lazy(() => import('./pages/moderation'));
const Content = lazy(() => import('./pages/content'));
const Media = lazy(() => import('./pages/media'));
const PostEdit = lazy(() => import('./pages/post-edit'));
const PageEdit = lazy(() => import('./pages/page-edit'));
const Forms = lazy(() => import('./pages/forms'));
const FormEdit = lazy(() => import('./pages/form-edit'));
const Webhooks = lazy(() => import('./pages/webhooks'));
const Settings = lazy(() => import('./pages/settings'));
const SettingsMail = lazy(() => import('./pages/settings-mail'));
const Assistant = lazy(() => import('./pages/assistant'));
const AssistantSettings = lazy(() => import('./pages/assistant-settings'));
const Marketing = lazy(() => import('./pages/marketing'));
// marketing: email lists, subscribers and campaigns; the cookie banner and consent audit
const MarketingEmail = lazy(() => import('./pages/marketing-email'));
const MarketingList = lazy(() => import('./pages/marketing-list'));
const MarketingCampaign = lazy(() => import('./pages/marketing-campaign'));
const MarketingConsent = lazy(() => import('./pages/marketing-consent'));
// Site (issue 30): one chunk per page
const SiteRedirects = lazy(() => import('./pages/site-redirects'));
const SiteLocales = lazy(() => import('./pages/site-locales'));
const SiteTheme = lazy(() => import('./pages/site-theme'));
const SiteBrand = lazy(() => import('./pages/site-brand'));
const SiteSections = lazy(() => import('./pages/site-sections'));
const SiteMetafields = lazy(() => import('./pages/site-metafields'));
const SiteMenus = lazy(() => import('./pages/site-menus'));
const SiteTranslations = lazy(() => import('./pages/site-translations'));
const SiteCurrencies = lazy(() => import('./pages/site-currencies'));

const NAV: [string, MessageKey][] = [
  ['/products', 'nav.products'],
  ['/catalogue', 'nav.catalogue'],
  ['/orders', 'nav.orders'],
  ['/customers', 'nav.customers'],
  ['/subscriptions', 'nav.subscriptions'],
  ['/quotes', 'nav.quotes'],
  ['/bookings', 'nav.bookings'],
  ['/events', 'nav.events'],
  ['/tours', 'nav.tours'],
  ['/services', 'nav.services'],
  ['/moderation', 'nav.moderation'],
  ['/content', 'nav.content'],
  ['/media', 'nav.media'],
  ['/forms', 'nav.forms'],
  ['/assistant', 'nav.assistant'],
  ['/marketing', 'nav.marketing'],
  ['/site', 'nav.site'],
  ['/webhooks', 'nav.webhooks'],
  ['/settings', 'nav.settings'],
];

function page(path: string): ReactNode {
  let m: Record<string, string> | null;
  if ((m = match('/products/:id', path))) return <ProductEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if (path === '/catalogue/templates') return <Templates />;
  if ((m = match('/catalogue/collections/:id', path))) return <CollectionEdit id={m.id} key={m.id} />;
  if ((m = match('/orders/:id', path))) return <OrderDetail id={m.id} key={m.id} />;
  if (path === '/subscriptions/plans') return <Plans />;
  if ((m = match('/subscriptions/:id', path))) return <SubscriptionDetail id={m.id} key={m.id} />;
  if (path === '/quotes/settings') return <QuoteSettings />;
  if ((m = match('/quotes/:id', path))) return <QuoteDetail id={m.id} key={m.id} />;
  if (path === '/assistant/settings') return <AssistantSettings />;
  if (path === '/settings/mail') return <SettingsMail />;
  if ((m = match('/customers/:id', path))) return <CustomerDetail id={m.id} key={m.id} />;
  if ((m = match('/content/posts/:id', path))) return <PostEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if (path === '/content/pages') return <Content tab="pages" />;
  if ((m = match('/content/pages/:id', path))) return <PageEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if ((m = match('/events/:id', path))) return <EventEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if ((m = match('/tours/:id', path))) return <TourEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if ((m = match('/services/:id', path))) return <ServiceEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  if ((m = match('/forms/:id', path))) return <FormEdit id={m.id === 'new' ? null : m.id} key={m.id} />;
  // marketing: email and cookie consent
  if (path === '/marketing/email') return <MarketingEmail />;
  if (path === '/marketing/email/campaigns') return <MarketingEmail tab="campaigns" />;
  if ((m = match('/marketing/email/lists/:id', path))) return <MarketingList id={m.id} key={m.id} />;
  if ((m = match('/marketing/email/campaigns/:id', path))) return <MarketingCampaign id={m.id === 'new' ? null : m.id} key={m.id} />;
  if (path === '/marketing/consent') return <MarketingConsent />;
  const site = sitePage(path);
  if (site) return site;
  switch (path) {
    case '/catalogue':
      return <Catalogue />;
    case '/orders':
      return <Orders />;
    case '/customers':
      return <Customers />;
    case '/subscriptions':
      return <Subscriptions />;
    case '/quotes':
      return <Quotes />;
    case '/bookings':
      return <Bookings />;
    case '/events':
      return <Events />;
    case '/tours':
      return <Tours />;
    case '/services':
      return <Services />;
    case '/moderation':
      return <Moderation />;
    case '/content':
      return <Content />;
    case '/media':
      return <Media />;
    case '/forms':
      return <Forms />;
    case '/webhooks':
      return <Webhooks />;
    case '/settings':
      return <Settings />;
    case '/assistant':
      return <Assistant />;
    case '/marketing':
      return <Marketing />;
    default:
      return <Products />;
  }
}

/** The Site section's pages (`/site` is its redirects). */
function sitePage(path: string): ReactNode {
  switch (path) {
    case '/site':
    case '/site/redirects':
      return <SiteRedirects />;
    case '/site/locales':
      return <SiteLocales />;
    case '/site/theme':
      return <SiteTheme />;
    case '/site/brand':
      return <SiteBrand />;
    case '/site/sections':
      return <SiteSections />;
    case '/site/metafields':
      return <SiteMetafields />;
    case '/site/menus':
      return <SiteMenus />;
    case '/site/translations':
      return <SiteTranslations />;
    case '/site/currencies':
      return <SiteCurrencies />;
    default:
      return null;
  }
}

export function LanguageSelect() {
  const { t, lang, setLang } = useI18n();
  return (
    <NativeSelect
      aria-label={t('language')}
      value={lang}
      onChange={(e) => setLang(e.currentTarget.value as Language)}
      data={Object.entries(LANGUAGES).map(([value, label]) => ({ value, label }))}
      size="xs"
    />
  );
}

/**
 * The store selector: the stores with a session in this browser, and the other stores the signed-in
 * admin may open (adminStores), which get a session of their own when chosen; and another sign-in.
 */
function StoreSelect() {
  const { t } = useI18n();
  const { active, sessions, switchTo, openStore } = useSession();
  const [{ data }] = useQuery({ query: ConsoleAdminStoresDocument });
  const [failed, setFailed] = useState<string | null>(null);
  if (!active) return null;
  const opened = new Set(sessions.map((s) => s.storeId));
  const more = (data?.adminStores ?? []).filter((s) => !opened.has(s.id));
  return (
    <>
      <NativeSelect
        aria-label={t('store.switch')}
        size="xs"
        value={active.storeId}
        onChange={(e) => {
          const id = e.currentTarget.value;
          setFailed(null);
          if (id === '+') navigate('/sign-in');
          else if (opened.has(id)) switchTo(id);
          else openStore(id).catch((err: Error) => setFailed(errorMessage(err)));
        }}
        data={[
          ...sessions.map((s) => ({ value: s.storeId, label: `${s.storeName} (${s.email})` })),
          ...more.map((s) => ({ value: s.id, label: `${s.name} (${t('store.notOpened')})` })),
          { value: '+', label: `+ ${t('signin.another')}` },
        ]}
      />
      {failed && (
        <Text role="alert" size="xs" c="red.9">
          {failed}
        </Text>
      )}
    </>
  );
}

export function App() {
  const { t } = useI18n();
  const { active, client, signOut } = useSession();
  const path = usePath();
  const [opened, { toggle, close }] = useDisclosure();
  if (!active || !client) return <SignIn />;
  if (path === '/sign-in') return <SignIn adding />;
  const current = NAV.find(([p]) => path === p || path.startsWith(`${p}/`))?.[0] ?? '/products';
  return (
    <Provider value={client} key={active.storeId}>
      <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.main')} />
              <Title order={1} size="h4">
                {t('app.title')}
              </Title>
            </Group>
            <Group wrap="nowrap" gap="xs">
              <StoreSelect />
              <LanguageSelect />
              <UnstyledButton onClick={() => void signOut()} px="xs">
                <Text size="sm" c="indigo.9" fw={600}>
                  {t('signout')}
                </Text>
              </UnstyledButton>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.main')} style={{ overflowY: 'auto' }}>
          {NAV.map(([to, label]) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={t(label)}
              active={current === to}
              onClick={close}
              aria-current={current === to ? 'page' : undefined}
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>{page(path)}</Suspense>
        </AppShell.Main>
      </AppShell>
    </Provider>
  );
}
