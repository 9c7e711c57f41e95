/**
 * `npm run bench:console -- [url]`: the console's first-page cost and screenshots. Against a running
 * platform with the demo store (default http://127.0.0.1:9000): the JavaScript and CSS the first page
 * loads (gzipped, level 9), the time from navigation to the products table of a signed-in admin
 * (median of 5, loopback), and with `--shots` PNGs of the main pages in docs/console/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../test/support/browser';

async function main() {
  const base = process.argv.slice(2).find((a) => a.startsWith('http')) ?? 'http://127.0.0.1:9000';
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const loaded: { url: string; type: string; gz: number }[] = [];
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      void r.body().then((b) => loaded.push({ url: r.url(), type, gz: zlib.gzipSync(b, { level: 9 }).length }));
    });
    await page.goto(`${base}/app`);
    await page.getByRole('textbox', { name: 'Email' }).fill(process.env.DEMO_ADMIN_EMAIL ?? 'admin@demo.store');
    await page.getByRole('textbox', { name: 'Password' }).fill(process.env.DEMO_ADMIN_PASSWORD ?? 'demo-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Classic Organic Tee' }).waitFor();
    await page.waitForLoadState('networkidle');
    const kb = (type: string) => (loaded.filter((l) => l.type === type).reduce((n, l) => n + l.gz, 0) / 1024).toFixed(1);
    console.log(`first page (sign-in, then products): ${kb('script')} KB JavaScript and ${kb('stylesheet')} KB CSS gzipped, ${loaded.length} files`);
    // time to the first interactive page: a fresh navigation of a signed-in admin until the table is there
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = Date.now();
      await page.goto(`${base}/app/products`);
      await page.getByRole('link', { name: 'Classic Organic Tee' }).waitFor();
      times.push(Date.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`navigation to the products table (signed in, loopback): median ${times[2]} ms (min ${times[0]}, max ${times[4]})`);
    if (process.argv.includes('--shots')) {
      const dir = path.join(__dirname, '..', 'docs', 'console');
      fs.mkdirSync(dir, { recursive: true });
      const shots: [string, string, string][] = [
        ['products', '/products', 'Classic Organic Tee'],
        ['orders', '/orders', '#1'],
        ['moderation', '/moderation', 'Approve (0)'],
        ['content', '/content', 'New post'],
        ['webhooks', '/webhooks', 'Add endpoint'],
        ['settings', '/settings', 'Save'],
      ];
      for (const [name, route, text] of shots) {
        await page.goto(`${base}/app${route}`);
        await page.getByText(text, { exact: false }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(dir, `${name}.png`) });
      }
      // browser-side code as a string: the repository's TypeScript has no DOM library
      const id = await page.evaluate<{ product: string; post: string }>(`fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + JSON.parse(localStorage.getItem('console.sessions') || '[]')[0].token },
        body: JSON.stringify({ query: '{ adminProducts(q: "classic-organic-tee") { items { id } } adminBlogPosts(limit: 1) { items { id } } }' }),
      }).then((r) => r.json()).then(({ data }) => ({ product: data.adminProducts.items[0].id, post: data.adminBlogPosts.items[0].id }))`);
      for (const [name, route, text] of [
        ['product', `/products/${id.product}`, 'Variants'],
        ['post-editor', `/content/posts/${id.post}`, 'Preview'],
      ]) {
        await page.goto(`${base}/app${route}`);
        await page.getByText(text).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(dir, `${name}.png`) });
      }
      // the other pages of docs/console.md, each once its heading is there (issue 30)
      const pages: [string, string, string][] = [
        ['catalogue', '/catalogue', 'Collections & categories'],
        ['templates', '/catalogue/templates', 'Product templates'],
        ['customers', '/customers', 'Customers'],
        ['subscriptions', '/subscriptions', 'Subscriptions'],
        ['plans', '/subscriptions/plans', 'Plans'],
        ['quotes', '/quotes', 'Quotes'],
        ['quote-settings', '/quotes/settings', 'Quote settings'],
        ['bookings', '/bookings', 'Bookings'],
        ['events', '/events', 'Events'],
        ['tours', '/tours', 'Tours'],
        ['services', '/services', 'Services'],
        ['forms', '/forms', 'Forms'],
        ['media', '/media', 'Media'],
        ['marketing', '/marketing', 'Marketing'],
        ['marketing-email', '/marketing/email', 'Marketing'],
        ['marketing-consent', '/marketing/consent', 'Marketing'],
        ['site', '/site', 'Site: Redirects'],
        ['site-theme', '/site/theme', 'Site: Theme'],
        ['site-menus', '/site/menus', 'Site: Menus'],
        ['settings-mail', '/settings/mail', 'Mail settings'],
        ['assistant-settings', '/assistant/settings', 'Assistant settings'],
      ];
      for (const [name, route, title] of pages) {
        await page.goto(`${base}/app${route}`);
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(dir, `${name}.png`) });
      }
      // the store's skills, further down the assistant settings
      const skills = page.getByRole('region', { name: 'Skills of this store' });
      await skills.getByRole('switch').first().waitFor();
      await skills.screenshot({ path: path.join(dir, 'assistant-skills.png') });
      // the assistant: a streamed reply and its plan, pending (nothing is approved in the demo store)
      await page.goto(`${base}/app/assistant`);
      await page.getByRole('textbox', { name: 'Message' }).fill('set the price of the organic tee to 29 euros');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('region', { name: 'Proposed changes' }).waitFor();
      await page.screenshot({ path: path.join(dir, 'assistant.png') });
      await page.getByRole('tab', { name: 'Credits' }).click();
      await page.getByText('Usage, last 30 days').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(dir, 'assistant-credits.png') });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
      await page.goto(`${base}/app/orders`);
      await page.getByText('#1').first().waitFor();
      await page.screenshot({ path: path.join(dir, 'orders-ar.png') });
      await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
      console.log(`screenshots in ${path.relative(process.cwd(), dir)}/`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
