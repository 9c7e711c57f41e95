import { Store, TranslationOverlay, type ServiceFactoryArgs } from '@svc/kit';
import { ContentTranslator } from './translate';
import { CommentService } from './comment.service';
import { PageService } from './page.service';
import { PostService } from './post.service';
import { SettingsService } from './settings.service';
import { TaxonomyService } from './taxonomy.service';
import { ContentTranslationOverlayDocument } from '../ports/generated';

/** content's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface ContentServices {
  store: Store;
  settings: SettingsService;
  posts: PostService;
  taxonomy: TaxonomyService;
  comments: CommentService;
  pages: PageService;
  /** posts and pages in locales they have no variant in: the localization domain's overrides */
  translator: ContentTranslator;
}

export function createContentServices({ orm, deps }: ServiceFactoryArgs): ContentServices {
  const store = new Store(orm);
  const publicUrl = deps?.publicUrl ?? (() => deps?.config?.publicUrl ?? `http://localhost:${deps?.config?.port ?? 9000}`);
  const settings = new SettingsService(store);
  const translator = new ContentTranslator(new TranslationOverlay(() => deps?.graph, ContentTranslationOverlayDocument));
  const posts = new PostService(store, settings, publicUrl, translator);
  return {
    store,
    settings,
    posts,
    taxonomy: new TaxonomyService(store, posts),
    comments: new CommentService(store, posts, deps?.graph),
    pages: new PageService(store, settings, publicUrl, translator),
    translator,
  };
}
