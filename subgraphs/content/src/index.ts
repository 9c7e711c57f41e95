import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { BlogAuthor, BlogCategory, BlogComment, BlogPost, BlogTag } from './entities/blog.entity';
import { ContentSettings, Page } from './entities/page.entity';
import { BlogResolver } from './resolvers/blog.resolver';
import { PageResolver } from './resolvers/page.resolver';
import { createContentServices, type ContentServices } from './services';
import { contentEvents } from './events';
import { contentRoutes } from './rest/routes';
import { seedDemoContent } from './seed/demo-seed';
import { migrations } from './migrations';
import { contentPrivacy } from './privacy';

/**
 * content: the blog (posts with locale variants, categories, tags, authors, moderated comments)
 * and pages. The platform finds this manifest through `"svc": { "domain": … }` in package.json.
 */
export const domain = defineDomain<ContentServices>({
  name: 'content',
  privacy: contentPrivacy,
  dbSchema: 'content',
  entities: [BlogPost, BlogCategory, BlogTag, BlogAuthor, BlogComment, Page, ContentSettings],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // a scheduled post or page appears at its time
  readSchedules: [
    { table: 'blog_post', column: 'published_at' },
    { table: 'page', column: 'published_at' },
  ],
  resolvers: [BlogResolver, PageResolver],
  createServices: createContentServices,
  events: contentEvents,
  jobs: [
    {
      // scheduled posts and pages whose time came: `blog_post.published` / `page.published` once each (idempotent, see announceDue, publishDue)
      name: 'announce-scheduled',
      schedule: '* * * * *',
      handler: async (data, ctx, s: ContentServices) => {
        const tenantId = typeof data.tenant_id === 'string' ? data.tenant_id : null;
        await s.posts.announceDue(ctx, tenantId);
        await s.pages.publishDue(ctx, tenantId);
      },
    },
  ],
  routes: contentRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoContent,
  start: async (s, deps) => s.translator.overlay.start(deps.bus),
});

export type { ContentServices };
export type { PostView, PageView, AdminPostView, AdminPageView, CommentView } from './services/views';
export { contentEvents, searchableDocument, type SearchableDocument } from './events';
export { demoContent } from './seed/demo-seed';
