import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Client, cacheExchange, fetchExchange, type CombinedError } from 'urql';
import { ConsoleRefreshDocument, ConsoleSignInDocument, ConsoleSignOutDocument, ConsoleStoreDocument, ConsoleSwitchStoreDocument } from './graphql/generated';

/** One signed-in store: its admin JWT (12 h; refreshed while the console is open) and its name. */
interface StoreSession {
  token: string;
  email: string;
  storeId: string;
  storeName: string;
  refreshedAt: number;
}

const STORAGE = 'console.sessions';
const ACTIVE = 'console.active';
/** a token is refreshed when it is older than this (and on every start) */
const REFRESH_AFTER_MS = 30 * 60 * 1000;

const GRAPHQL_URL = '/graphql';

/** A GraphQL client for one token (no token: sign-in only). */
function clientFor(token: string | null, onUnauthenticated?: () => void): Client {
  return new Client({
    url: GRAPHQL_URL,
    exchanges: [cacheExchange, fetchExchange],
    requestPolicy: 'cache-and-network',
    // POST with a JSON body: the gateway refuses simple GETs (CSRF prevention), and tokens stay out of URLs
    preferGetMethod: false,
    fetchOptions: (): RequestInit => ({ headers: token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>) }),
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (res.status === 401 && onUnauthenticated) onUnauthenticated();
      return res;
    },
  });
}

/** The message of a GraphQL error for people (the API's own message, else a generic one). */
export function errorMessage(e: CombinedError | Error | undefined | null): string | null {
  if (!e) return null;
  const ce = e as CombinedError;
  return ce.graphQLErrors?.[0]?.message ?? ce.networkError?.message ?? e.message;
}

export const errorCode = (e: CombinedError | undefined | null): string | undefined => e?.graphQLErrors?.[0]?.extensions?.code as string | undefined;

interface SessionState {
  sessions: StoreSession[];
  active: StoreSession | null;
  client: Client | null;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  switchTo: (storeId: string) => void;
  /** opens another store the signed-in admin may open (adminStores) with a session of its own, and switches to it */
  openStore: (storeId: string) => Promise<void>;
}

const Ctx = createContext<SessionState | null>(null);

const load = (): StoreSession[] => {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE) ?? '[]') as StoreSession[];
    return Array.isArray(v) ? v.filter((s) => typeof s?.token === 'string') : [];
  } catch {
    return [];
  }
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const [sessions, setSessions] = useState<StoreSession[]>(load);
  const [activeId, setActiveId] = useState<string | null>(() => localStorage.getItem(ACTIVE));

  const save = useCallback((next: StoreSession[], active: string | null) => {
    localStorage.setItem(STORAGE, JSON.stringify(next));
    if (active) localStorage.setItem(ACTIVE, active);
    else localStorage.removeItem(ACTIVE);
    setSessions(next);
    setActiveId(active);
  }, []);

  const active = sessions.find((s) => s.storeId === activeId) ?? sessions[0] ?? null;

  const drop = useCallback(
    (storeId: string) => {
      const next = load().filter((s) => s.storeId !== storeId);
      save(next, next[0]?.storeId ?? null);
    },
    [save],
  );

  const client = useMemo(() => (active ? clientFor(active.token, () => drop(active.storeId)) : null), [active?.token]);

  // refresh the active token on start and every half hour while the console is open
  useEffect(() => {
    if (!active) return;
    const refresh = async () => {
      const r = await clientFor(active.token).mutation(ConsoleRefreshDocument, {}).toPromise();
      if (r.data) {
        const next = load().map((s) => (s.storeId === active.storeId ? { ...s, token: r.data!.refreshToken.token, refreshedAt: Date.now() } : s));
        save(next, active.storeId);
      } else if (r.error && !r.error.networkError) drop(active.storeId);
    };
    const due = active.refreshedAt + REFRESH_AFTER_MS - Date.now();
    const timer = setTimeout(() => void refresh(), Math.max(0, Math.min(due, REFRESH_AFTER_MS)));
    return () => clearTimeout(timer);
  }, [active?.storeId, active?.refreshedAt]);

  /** keeps a new token as the session of its store, and makes that store the active one */
  const keep = useCallback(
    async (token: string, email: string) => {
      const store = await clientFor(token).query(ConsoleStoreDocument, {}).toPromise();
      if (!store.data) throw store.error ?? new Error('store unavailable');
      const s: StoreSession = { token, email, storeId: store.data.storeSettings.id, storeName: store.data.storeSettings.name, refreshedAt: Date.now() };
      save([...load().filter((x) => x.storeId !== s.storeId), s], s.storeId);
    },
    [save],
  );

  const value = useMemo<SessionState>(
    () => ({
      sessions,
      active,
      client,
      signIn: async (email, password) => {
        const r = await clientFor(null).mutation(ConsoleSignInDocument, { email, password }).toPromise();
        if (!r.data) throw r.error ?? new Error('sign-in failed');
        await keep(r.data.loginAdmin.token, email);
      },
      openStore: async (storeId) => {
        if (!active) return;
        const r = await clientFor(active.token).mutation(ConsoleSwitchStoreDocument, { id: storeId }).toPromise();
        if (!r.data) throw r.error ?? new Error('switching stores failed');
        await keep(r.data.switchAdminStore.token, active.email);
      },
      signOut: async () => {
        if (!active) return;
        await clientFor(active.token).mutation(ConsoleSignOutDocument, {}).toPromise();
        drop(active.storeId);
      },
      switchTo: (storeId) => save(load(), storeId),
    }),
    [sessions, active, client, save, drop, keep],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): SessionState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
