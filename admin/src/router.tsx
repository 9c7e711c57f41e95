import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** The console's routes live under /app (the platform answers index.html for every one of them). */
const BASE = '/app';

const listeners = new Set<() => void>();
const currentPath = () => (location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : '/');

export function navigate(path: string): void {
  history.pushState(null, '', BASE + path);
  listeners.forEach((l) => l());
}

window.addEventListener('popstate', () => listeners.forEach((l) => l()));

/** The path inside the console (`/products/prod_…`), re-rendering on navigation. */
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const l = () => setPath(currentPath());
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return path;
}

/** `match('/products/:id', path)` → `{ id }` or null */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) out[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return out;
}

/** A link inside the console: a real href (new tab, keyboard) that navigates without a reload. */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={BASE + to} onClick={onClick} {...rest} />;
}
