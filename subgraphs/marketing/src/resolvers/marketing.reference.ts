import type { EntityClass } from '@mikro-orm/core';
import { loaderFor, type ReferenceResolver } from '@svc/kit';
import { Campaign } from '../entities/campaign.entity';
import { MailingList, Subscriber } from '../entities/list.entity';
import type { MarketingServices } from '../services';
import { toCampaignView, toListView, toSubscriberView } from '../services/views';

/** `__resolveReference` of one keyed type: the tenant's rows, one query per request for all ids asked. */
const referenceOf =
  <E extends { id: string }>(entity: EntityClass<E>, view: (e: E) => unknown) =>
  (s: MarketingServices): ReferenceResolver =>
  (ref, ctx) =>
    loaderFor<string, unknown>(ctx, `marketing.${entity.name}`, async (ids) => {
      const rows = await s.store.em(ctx).find(entity, { id: { $in: [...ids] } } as never);
      return new Map(rows.map((r) => [r.id, view(r)]));
    }).load(String(ref.id));

export const mailingListReference = referenceOf(MailingList, toListView);
export const subscriberReference = referenceOf(Subscriber, toSubscriberView);
export const campaignReference = referenceOf(Campaign, toCampaignView);
