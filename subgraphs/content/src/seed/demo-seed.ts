import fs from 'node:fs';
import path from 'node:path';
import { systemContext, type RequestContext, type SeedContext } from '@svc/kit';
import type { ContentServices } from '../services';

/**
 * The demo store's blog and pages: what a small apparel and footwear shop would publish. Bodies
 * are Markdown; some posts have a German variant; one post is scheduled a week ahead and one is
 * a draft; comments are approved and pending; pages carry their SEO meta.
 */
export function demoContent() {
  return {
    author: {
      name: 'Mara Lindqvist',
      bio: 'Co-founder and head of product. Mara picks our fabrics, visits the workshops and writes about how our clothes are made and how to keep them going for years.',
      avatar_url: '/static/blog/mara-lindqvist.svg',
    },
    categories: [
      { slug: 'style-guides', name: 'Style guides', description: 'Outfit ideas and how to wear our pieces through the seasons.' },
      { slug: 'care-repair', name: 'Care & repair', description: 'Washing, storing and mending: how to make clothes and shoes last.' },
      { slug: 'behind-the-seams', name: 'Behind the seams', description: 'The people, workshops and materials behind what we make.' },
    ],
    tags: [
      { slug: 'denim', name: 'Denim' },
      { slug: 'footwear', name: 'Footwear' },
      { slug: 'sustainability', name: 'Sustainability' },
      { slug: 'layering', name: 'Layering' },
      { slug: 'leather-care', name: 'Leather care' },
      { slug: 'linen', name: 'Linen' },
    ],
    posts: [
      {
        slug: 'how-to-break-in-selvedge-denim',
        state: 'published' as const,
        days: -21,
        category: 'care-repair',
        tags: ['denim', 'sustainability'],
        variants: [
          {
            locale: 'en',
            title: 'How to break in selvedge denim',
            excerpt: 'Raw denim rewards patience. Here is how to wear, wash and fade your Slim Selvedge Jeans so they become truly yours.',
            body:
              '## Wear them. A lot.\n\nOur **Slim Selvedge Jeans** are cut from 14 oz Japanese denim that starts stiff and dark. The first weeks are the most important: wear them daily so the creases set where *your* body bends.\n\n' +
              '## Wait before the first wash\n\nWe suggest at least three months. When the time comes, turn them inside out and soak them in cold water with a spoon of mild detergent for 45 minutes. Hang to dry, never tumble.\n\n' +
              '## Small repairs, early\n\nA loose thread at the crotch or a thinning back pocket is easy to fix while it is small. Bring them to any of our stores and we will darn them for free.\n\n' +
              '- Wear daily for 3 months\n- Soak cold, inside out\n- Air dry only\n\n[Shop the Slim Selvedge Jeans](/products/slim-selvedge-jeans)',
          },
          {
            locale: 'de',
            title: 'Selvedge-Denim richtig einlaufen',
            excerpt: 'Rohdenim braucht Geduld. So trägst, wäschst und formst du deine Slim Selvedge Jeans, bis sie wirklich deine sind.',
            body:
              '## Tragen. Viel tragen.\n\nUnsere **Slim Selvedge Jeans** sind aus 14-oz-Denim aus Japan: anfangs steif und dunkel. Trag sie in den ersten Wochen täglich, damit sich die Falten dort bilden, wo *dein* Körper sich bewegt.\n\n' +
              '## Mit der ersten Wäsche warten\n\nWir empfehlen mindestens drei Monate. Dann auf links drehen und 45 Minuten in kaltem Wasser mit etwas mildem Waschmittel einweichen. Hängend trocknen, nie in den Trockner.\n\n' +
              '[Zu den Slim Selvedge Jeans](/products/slim-selvedge-jeans)',
          },
        ],
        comments: [
          {
            author_name: 'Jonas K.',
            body: 'Three months in and the honeycombs behind the knees are starting to show. Great guide!',
            status: 'approved' as const,
          },
          { author_name: 'Priya', body: 'Does the cold soak shrink them at all?', status: 'approved' as const },
          { author_name: 'Tom', author_email: 'tom@example.com', body: 'Would love a post about hemming too.', status: 'pending' as const },
        ],
      },
      {
        slug: 'five-ways-to-layer-for-autumn',
        state: 'published' as const,
        days: -12,
        category: 'style-guides',
        tags: ['layering'],
        variants: [
          {
            locale: 'en',
            title: 'Five ways to layer for autumn',
            excerpt: 'Cold mornings, warm afternoons. Five combinations from our autumn range that work from the commute to the weekend hike.',
            body:
              'Autumn is the season of layers. These five combinations keep you comfortable from a 6 °C morning to a 17 °C afternoon.\n\n' +
              '1. **Waffle and flannel**: the Long Sleeve Waffle Tee under an open Flannel Overshirt.\n' +
              '2. **Hoodie under the field jacket**: the Everyday Zip Hoodie fits neatly under the Waxed Cotton Field Jacket.\n' +
              '3. **Oxford and crewneck**: a collar peeking out of the Fleece Crewneck Sweatshirt.\n' +
              '4. **Down on the go**: the Lightweight Down Jacket packs into its own pocket when the sun comes out.\n' +
              '5. **Rain-ready**: a Merino Beanie and the Rain Shell Jacket over any of the above.\n\n' +
              '> Dress for the coldest part of the day, then take layers off.',
          },
          {
            locale: 'de',
            title: 'Fünf Lagen-Looks für den Herbst',
            excerpt: 'Kalte Morgen, warme Nachmittage: fünf Kombinationen aus unserer Herbstkollektion.',
            body:
              'Der Herbst ist die Zeit des Zwiebellooks. Diese fünf Kombinationen halten dich von 6 °C am Morgen bis 17 °C am Nachmittag angenehm warm.\n\n' +
              '1. **Waffel und Flanell**: das Long Sleeve Waffle Tee unter dem offenen Flannel Overshirt.\n' +
              '2. **Hoodie unter der Feldjacke**: der Everyday Zip Hoodie passt unter die Waxed Cotton Field Jacket.\n' +
              '3. **Oxford und Sweatshirt**: ein Kragen, der unter dem Fleece Crewneck hervorschaut.\n',
          },
        ],
        comments: [{ author_name: 'Lena', body: 'Number 2 is my daily uniform from October to March.', status: 'approved' as const }],
      },
      {
        slug: 'caring-for-leather-boots',
        state: 'published' as const,
        days: -5,
        category: 'care-repair',
        tags: ['footwear', 'leather-care'],
        variants: [
          {
            locale: 'en',
            title: 'Caring for leather boots through winter',
            excerpt: 'Salt, slush and radiators are hard on leather. A ten-minute routine keeps your Chelsea Boots supple for many winters.',
            body:
              '## After every wet walk\n\nWipe off salt with a damp cloth, stuff the boots with newspaper and let them dry at room temperature, away from radiators.\n\n' +
              '## Once a month\n\nBrush off dust, apply a thin layer of conditioner with a soft cloth and buff after 20 minutes. Our **Chelsea Boot** is Goodyear welted, so when the sole wears out it can be replaced rather than the whole boot.\n\n' +
              '| Task | How often |\n| --- | --- |\n| Wipe and dry | after wet days |\n| Condition | monthly |\n| Resole | every few years |',
          },
        ],
        comments: [],
      },
      {
        slug: 'meet-our-portuguese-shoemakers',
        state: 'scheduled' as const,
        days: 7,
        category: 'behind-the-seams',
        tags: ['footwear', 'sustainability'],
        variants: [
          {
            locale: 'en',
            title: 'Meet the family workshop that makes our sneakers',
            excerpt: 'We spent a week in a third-generation workshop in northern Portugal where our Court Leather Sneakers are made by hand.',
            body:
              'In a small town near Porto, a family of shoemakers has been cutting, stitching and lasting shoes since 1962. Every pair of our **Court Leather Sneakers** passes through eleven pairs of hands there.\n\n' +
              'We talked about leather from nearby tanneries, about why a stitched sole lasts longer, and about the apprentices who will run the workshop one day.',
          },
          {
            locale: 'de',
            title: 'Zu Besuch bei unseren Schuhmachern in Portugal',
            excerpt: 'Eine Woche in einer Familienwerkstatt in Nordportugal, in der unsere Court Leather Sneaker von Hand entstehen.',
            body: 'In einer Kleinstadt bei Porto fertigt eine Schuhmacherfamilie seit 1962 Schuhe. Jedes Paar unserer **Court Leather Sneaker** geht dort durch elf Paar Hände.',
          },
        ],
        comments: [],
      },
      {
        slug: 'why-we-switched-to-european-linen',
        state: 'draft' as const,
        days: 0,
        category: 'behind-the-seams',
        tags: ['linen', 'sustainability'],
        variants: [
          {
            locale: 'en',
            title: 'Why we switched to European linen',
            excerpt: 'Draft: the story behind the Linen Camp Collar Shirt.',
            body: 'Flax grown in Normandy and Belgium needs no irrigation. *Draft, to be finished before the summer collection.*',
          },
        ],
        comments: [],
      },
    ],
    pages: [
      {
        slug: 'about-us',
        canonical_url: '/about-us',
        og_image_url: '/static/blog/about-us.svg',
        variants: [
          {
            locale: 'en',
            title: 'About us',
            seo_title: 'About us: clothes made to be worn for years',
            seo_description: 'We are a small team making everyday clothing and footwear with workshops we know by name.',
            body:
              '# About us\n\nWe started in 2019 with one T-shirt and a simple idea: make fewer things, make them well, and help people keep them longer.\n\n' +
              'Today we work with seven workshops in Portugal, Italy and Lithuania. We visit every one of them at least once a year.\n\n' +
              '## What we promise\n\n- Honest materials, listed on every product\n- Free repairs for the first two years\n- Prices that show what things really cost',
          },
          {
            locale: 'de',
            title: 'Über uns',
            seo_title: 'Über uns: Kleidung, die jahrelang hält',
            seo_description: 'Wir sind ein kleines Team, das Alltagskleidung und Schuhe mit Werkstätten fertigt, die wir persönlich kennen.',
            body: '# Über uns\n\nAngefangen haben wir 2019 mit einem T-Shirt und einer einfachen Idee: weniger Dinge machen, diese gut machen und helfen, sie länger zu tragen.',
          },
        ],
      },
      {
        slug: 'shipping-returns',
        canonical_url: '/shipping-returns',
        og_image_url: null,
        variants: [
          {
            locale: 'en',
            title: 'Shipping & returns',
            seo_title: 'Shipping & returns',
            seo_description: 'Standard shipping 4.95, free from 75. Express in 1–2 days. Free returns within 30 days.',
            body:
              '## Shipping\n\n| Option | Price | Delivery |\n| --- | --- | --- |\n| Standard | 4.95 (free from 75) | 3–5 working days |\n| Express | 14.95 | 1–2 working days |\n\n' +
              '## Returns\n\nYou can return unworn items within **30 days** for a full refund. Start a return from your account and use the prepaid label in your parcel.',
          },
        ],
      },
      {
        slug: 'privacy-policy',
        canonical_url: '/privacy-policy',
        og_image_url: null,
        variants: [
          {
            locale: 'en',
            title: 'Privacy policy',
            seo_title: 'Privacy policy',
            seo_description: 'Which personal data we collect, why, and how you can see or delete it.',
            body:
              '## What we collect\n\nYour name, email, addresses and order history, so that we can deliver your orders and answer your questions.\n\n' +
              '## What we never do\n\nWe never sell your data. Analytics run only with your consent.\n\n' +
              '## Your rights\n\nWrite to [privacy@demo.store](mailto:privacy@demo.store) to see, correct or delete your data.',
          },
        ],
      },
    ],
  };
}

/** content's part of the demo store, created like an admin would create it. */
export async function seedDemoContent(s: ContentServices, seed: SeedContext): Promise<void> {
  const ctx: RequestContext = seed.ctx ?? systemContext(seed.log, seed.tenantId, 'seed');
  const data = demoContent();
  writeImages(seed.staticDir);
  const abs = (u: string | null) => (u && u.startsWith('/') ? `${seed.publicUrl.replace(/\/+$/, '')}${u}` : u);
  const author = await s.taxonomy.createAuthor(ctx, { ...data.author, avatar_url: abs(data.author.avatar_url) });
  const cats = new Map<string, string>();
  for (const c of data.categories) cats.set(c.slug, (await s.taxonomy.createCategory(ctx, c)).id);
  const tags = new Map<string, string>();
  for (const t of data.tags) tags.set(t.slug, (await s.taxonomy.createTag(ctx, t)).id);
  for (const p of data.posts) {
    const post = await s.posts.create(ctx, {
      slug: p.slug,
      author_id: author.id,
      category_ids: [cats.get(p.category)!],
      tag_ids: p.tags.map((t) => tags.get(t)!),
      variants: p.variants.map((v) => ({ ...v, body_format: 'markdown' as const })),
    });
    const at = new Date(Date.now() + p.days * 86_400_000);
    if (p.state !== 'draft') await s.posts.schedule(ctx, post.id, at);
    for (const c of p.comments) {
      const created = await s.comments.create({ ...ctx, antispam: { verified: true } }, p.slug, {
        author_name: c.author_name,
        author_email: 'author_email' in c ? c.author_email : undefined,
        body: c.body,
      });
      if (c.status === 'approved') await s.comments.moderate(ctx, created.id, 'approved');
    }
  }
  for (const pg of data.pages) {
    const page = await s.pages.create(ctx, {
      ...pg,
      og_image_url: abs(pg.og_image_url),
      variants: pg.variants.map((v) => ({ ...v, body_format: 'markdown' as const })),
    });
    await s.pages.publish(ctx, page.id);
  }
  seed.log.debug({ tenantId: seed.tenantId }, 'content: demo blog and pages created');
}

/** The avatar and Open Graph image the demo content links to (SVG placeholders under /static/blog/). */
function writeImages(staticDir: string): void {
  const dir = path.join(staticDir, 'blog');
  fs.mkdirSync(dir, { recursive: true });
  const svg = (w: number, h: number, bg: string, label: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="${bg}"/>` +
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(h / 6)}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  fs.writeFileSync(path.join(dir, 'mara-lindqvist.svg'), svg(256, 256, '#8a6f5a', 'ML'));
  fs.writeFileSync(path.join(dir, 'about-us.svg'), svg(1200, 630, '#2f4858', 'About us'));
}
