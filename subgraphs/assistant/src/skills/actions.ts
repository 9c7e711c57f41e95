import type { SkillId } from './catalog';
import type { Extracted } from './params';

/** What an action is about, found through the store's search (products, posts, pages, tours, events). */
export type EntityKind = 'product' | 'blog_post' | 'page' | 'tour' | 'event' | 'any';

/**
 * One typed action a skill plans: the platform GraphQL operation it runs (with the caller's
 * identity, so the assistant can do nothing its caller could not), whether it writes, the entity it
 * is about and the parameters it takes. `when` picks it among the skill's actions (the first is the
 * default).
 */
export interface ActionDef {
  type: string;
  operation: string;
  writes: boolean;
  entity?: EntityKind;
  params: Array<keyof Extracted>;
  /** parameters without which the action cannot run (they lower its confidence when missing) */
  required?: Array<keyof Extracted | 'entity'>;
  when?: RegExp;
}

const ACTIONS: Record<SkillId, ActionDef[]> = {
  'store-setup': [
    { type: 'get_setup_status', operation: 'assistantSetupStatus', writes: false, params: [] },
    { type: 'add_locale', operation: 'addLocale', writes: true, params: ['locales'], required: ['locales'], when: /\b(language|locale|sprache|langue)\b/i },
    {
      type: 'create_region',
      operation: 'createRegion',
      writes: true,
      params: ['currency_code', 'title'],
      when: /\b(region|country|land|pays|currency|währung|devise)\b/i,
    },
    { type: 'save_tax_rate', operation: 'saveTaxRate', writes: true, params: ['percentage'], when: /\b(tax|vat|mwst|mehrwertsteuer|tva)\b/i },
    {
      type: 'save_shipping_option',
      operation: 'saveShippingOption',
      writes: true,
      params: ['amount', 'currency_code', 'title'],
      when: /\b(shipping|versand|livraison)\b/i,
    },
    {
      type: 'save_payment_provider',
      operation: 'savePaymentProvider',
      writes: true,
      params: [],
      when: /\b(payment|stripe|paypal|zahlung|paiement|bank transfer)\b/i,
    },
  ],
  'ecommerce-editor': [
    { type: 'update_product', operation: 'updateProduct', writes: true, entity: 'product', params: ['title', 'color', 'size'], required: ['entity'] },
    { type: 'create_collection', operation: 'createCollection', writes: true, params: ['title'], required: ['title'], when: /\b(collection|kollektion)\b/i },
    {
      type: 'create_category',
      operation: 'createProductCategory',
      writes: true,
      params: ['title'],
      required: ['title'],
      when: /\b(category|kategorie|catégorie)\b/i,
    },
    {
      type: 'create_product',
      operation: 'createProduct',
      writes: true,
      params: ['title', 'amount', 'currency_code'],
      required: ['title'],
      when: /\b(create|new|add a (new )?product|neues?|lege|crée|nouveau)\b/i,
    },
  ],
  'theme-editor': [
    { type: 'set_theme_token', operation: 'updateThemeTokens', writes: true, params: ['color'] },
    {
      type: 'add_theme_section',
      operation: 'addThemeSection',
      writes: true,
      params: ['title'],
      when: /\b(add|füge|ajoute)\b.*\b(section|block|bereich|hero|banner|bannière)\b/i,
    },
    { type: 'reorder_theme_sections', operation: 'reorderThemeSections', writes: true, params: [], when: /\b(move|reorder|swap|order|verschiebe|déplace)\b/i },
    { type: 'remove_theme_section', operation: 'removeThemeSection', writes: true, params: [], when: /\b(remove|drop|delete|entferne|supprime)\b/i },
  ],
  'marketing-manager': [
    { type: 'create_promotion', operation: 'savePromotion', writes: true, params: ['code', 'percentage', 'amount', 'currency_code', 'dates'] },
    {
      type: 'get_campaign_metrics',
      operation: 'campaignStats',
      writes: false,
      params: ['dates'],
      when: /\b(how|perform|spend|impressions?|conversions?|ads?|wie|comment)\b/i,
    },
    {
      type: 'deactivate_promotion',
      operation: 'savePromotion',
      writes: true,
      params: ['code'],
      required: ['code'],
      when: /\b(deactivate|turn off|disable|stop|deaktiviere|désactive)\b/i,
    },
  ],
  'seo-auditor': [
    { type: 'audit_seo', operation: 'search', writes: false, params: [] },
    {
      type: 'update_seo_meta',
      operation: 'updatePage',
      writes: true,
      entity: 'any',
      params: ['title'],
      required: ['entity'],
      when: /\b(write|improve|update|set|verbessere|améliore)\b.*\b(title|meta|description|titel)\b/i,
    },
  ],
  'image-creator': [
    { type: 'generate_image', operation: 'uploadMedia', writes: true, entity: 'product', params: ['color'] },
    { type: 'write_alt_texts', operation: 'updateMedia', writes: true, params: [], when: /\balt[- ]?(text|attribute)/i },
  ],
  'blog-writer': [
    { type: 'create_blog_post_draft', operation: 'createBlogPost', writes: true, params: ['title', 'locales'] },
    {
      type: 'publish_blog_post',
      operation: 'publishBlogPost',
      writes: true,
      entity: 'blog_post',
      params: [],
      required: ['entity'],
      when: /\b(publish|veröffentliche|publie)\b/i,
    },
    {
      type: 'schedule_blog_post',
      operation: 'scheduleBlogPost',
      writes: true,
      entity: 'blog_post',
      params: ['dates', 'times'],
      required: ['entity', 'dates'],
      when: /\b(schedule|plane|programme)\b/i,
    },
    {
      type: 'unpublish_blog_post',
      operation: 'unpublishBlogPost',
      writes: true,
      entity: 'blog_post',
      params: [],
      required: ['entity'],
      when: /\b(unpublish|offline|take .* down)\b/i,
    },
  ],
  'page-builder': [
    { type: 'create_page', operation: 'createPage', writes: true, params: ['title'] },
    {
      type: 'update_page',
      operation: 'updatePage',
      writes: true,
      entity: 'page',
      params: ['title'],
      required: ['entity'],
      when: /\b(update|edit|change|bearbeite|ändere|modifie|mets à jour)\b/i,
    },
    {
      type: 'publish_page',
      operation: 'publishPage',
      writes: true,
      entity: 'page',
      params: [],
      required: ['entity'],
      when: /\b(publish|veröffentliche|publie)\b/i,
    },
  ],
  translator: [
    { type: 'translate_resource', operation: 'setTranslations', writes: true, entity: 'any', params: ['locales'], required: ['locales'] },
    {
      type: 'list_missing_translations',
      operation: 'translations',
      writes: false,
      params: ['locales'],
      when: /\b(which|missing|lack|welche|fehlt|quels|manque)\b/i,
    },
  ],
  'voice-producer': [{ type: 'generate_voiceover', operation: 'uploadMedia', writes: true, entity: 'any', params: ['locales'] }],
  'social-media-manager': [
    { type: 'draft_social_post', operation: 'socialDraft', writes: true, entity: 'product', params: ['dates', 'times'] },
    {
      type: 'schedule_social_post',
      operation: 'socialSchedule',
      writes: true,
      params: ['dates', 'times'],
      required: ['dates'],
      when: /\b(schedule|plane|programme)\b/i,
    },
  ],
  'email-campaigner': [
    { type: 'draft_newsletter_campaign', operation: 'createCampaign', writes: true, params: ['title', 'dates'] },
    { type: 'get_campaign_stats', operation: 'campaignStats', writes: false, params: [], when: /\b(how many|open|click|rate|wie viele|combien)\b/i },
    { type: 'create_mailing_list', operation: 'createMailingList', writes: true, params: ['title'], when: /\b(mailing list|liste)\b/i },
  ],
  'analytics-reporter': [
    { type: 'get_sales_report', operation: 'adminOrders', writes: false, params: ['dates'] },
    {
      type: 'get_analytics_funnel',
      operation: 'analyticsFunnel',
      writes: false,
      params: ['dates'],
      when: /\b(funnel|visitors?|page views?|conversion|besucher|visiteurs)\b/i,
    },
  ],
  'customer-support': [
    { type: 'find_customer', operation: 'adminOrders', writes: false, params: ['email', 'order_number'] },
    { type: 'draft_reply', operation: 'none', writes: false, entity: 'product', params: [], when: /\b(reply|answer|respond|antwort|réponds|répondre)\b/i },
  ],
  'order-manager': [
    { type: 'list_orders', operation: 'adminOrders', writes: false, params: ['dates'] },
    {
      type: 'ship_order',
      operation: 'shipOrder',
      writes: true,
      params: ['order_number'],
      required: ['order_number'],
      when: /\b(ship|shipped|fulfil|versendet|versende|expédi)/i,
    },
    {
      type: 'cancel_order',
      operation: 'cancelOrder',
      writes: true,
      params: ['order_number'],
      required: ['order_number'],
      when: /\b(cancel|storniere|annule)/i,
    },
    { type: 'capture_payment', operation: 'captureOrderPayment', writes: true, params: ['order_number'], required: ['order_number'], when: /\b(capture)\b/i },
  ],
  'inventory-manager': [
    {
      type: 'adjust_inventory',
      operation: 'setInventoryLevel',
      writes: true,
      entity: 'product',
      params: ['quantity', 'size', 'direction'],
      required: ['entity', 'quantity'],
    },
    {
      type: 'get_stock_levels',
      operation: 'products',
      writes: false,
      entity: 'product',
      params: ['size'],
      when: /\b(how many|which|what|show|low|left|count|wie viele|welche|combien|quels)\b/i,
    },
  ],
  'pricing-strategist': [
    {
      type: 'set_price',
      operation: 'setVariantPrices',
      writes: true,
      entity: 'product',
      params: ['amount', 'currency_code', 'direction'],
      required: ['entity', 'amount'],
    },
    {
      type: 'change_prices_by_percentage',
      operation: 'setVariantPrices',
      writes: true,
      params: ['percentage', 'direction'],
      required: ['percentage'],
      when: /\d\s?(%|percent|prozent|pour\s?cent)/i,
    },
    {
      type: 'suggest_price',
      operation: 'products',
      writes: false,
      entity: 'product',
      params: ['currency_code'],
      when: /\b(what should|suggest|good price|priced|compare|sollte|devrait)\b/i,
    },
  ],
  'subscription-manager': [
    { type: 'list_subscriptions', operation: 'subscriptions', writes: false, params: [] },
    {
      type: 'create_subscription_plan',
      operation: 'createSubscriptionPlan',
      writes: true,
      params: ['title', 'amount', 'currency_code'],
      when: /\b(create|set up|new|lege|crée)\b/i,
    },
    { type: 'pause_subscription', operation: 'pauseSubscription', writes: true, params: ['email', 'dates'], when: /\b(pause|pausiere)\b/i },
    { type: 'resume_subscription', operation: 'resumeSubscription', writes: true, params: [], when: /\b(resume|fortsetzen|setze .* fort|reprends)\b/i },
    { type: 'cancel_subscription', operation: 'cancelSubscription', writes: true, params: [], when: /\b(cancel|kündige|annule)\b/i },
  ],
  'quote-assistant': [
    { type: 'list_quotes', operation: 'adminQuotes', writes: false, params: [] },
    {
      type: 'set_quote_status',
      operation: 'setQuoteStatus',
      writes: true,
      params: ['quote_number'],
      when: /\b(accept|reject|decline|mark|nimm .* an|lehne|accepte|refuse)\b/i,
    },
    {
      type: 'convert_quote_to_cart',
      operation: 'convertQuoteToCart',
      writes: true,
      params: ['quote_number'],
      required: ['quote_number'],
      when: /\b(convert|cart|warenkorb|panier)\b/i,
    },
    {
      type: 'save_quote_service',
      operation: 'saveQuoteService',
      writes: true,
      params: ['title', 'amount', 'currency_code'],
      when: /\b(service|rate|dienstleistung)\b/i,
    },
  ],
  'event-planner': [
    { type: 'create_event', operation: 'createEvent', writes: true, params: ['title', 'dates', 'times', 'quantity'] },
    {
      type: 'create_ticket_type',
      operation: 'createEventTicketType',
      writes: true,
      entity: 'event',
      params: ['title', 'amount', 'currency_code', 'quantity'],
      when: /\b(ticket|billet)\b.*\b(add|create|new)\b|\b(add|create|füge|ajoute)\b.*\b(ticket|billet)/i,
    },
    {
      type: 'get_event_availability',
      operation: 'eventTickets',
      writes: false,
      entity: 'event',
      params: [],
      when: /\b(how many|left|remaining|wie viele|combien|who|registered|registrations?)\b/i,
    },
  ],
  'travel-curator': [
    { type: 'create_tour', operation: 'createTour', writes: true, params: ['title', 'dates'] },
    {
      type: 'add_tour_departure',
      operation: 'createTourDeparture',
      writes: true,
      entity: 'tour',
      params: ['dates', 'amount', 'currency_code'],
      required: ['entity'],
      when: /\b(departure|termin|départ)\b/i,
    },
    {
      type: 'get_tour_availability',
      operation: 'tour',
      writes: false,
      entity: 'tour',
      params: [],
      when: /\b(how many|how full|seats|left|wie viele|combien)\b/i,
    },
  ],
  'booking-manager': [
    { type: 'list_bookings', operation: 'adminServiceBookings', writes: false, params: ['dates'] },
    {
      type: 'set_closing_day',
      operation: 'setServiceException',
      writes: true,
      params: ['dates'],
      required: ['dates'],
      when: /\b(close|closed|block|shut|schließe|ferme|bloque)\b/i,
    },
    {
      type: 'set_opening_hours',
      operation: 'setServiceOpeningHours',
      writes: true,
      params: ['times'],
      when: /\b(opening hours|open|öffnungszeiten|horaires)\b/i,
    },
  ],
  'forms-builder': [
    { type: 'create_form', operation: 'createForm', writes: true, params: ['title'] },
    {
      type: 'list_form_submissions',
      operation: 'formSubmissions',
      writes: false,
      params: [],
      when: /\b(submissions?|how many|filled|sent|einsendungen|réponses|messages)\b/i,
    },
    { type: 'update_form', operation: 'updateForm', writes: true, params: ['title'], when: /\b(add|make|field|feld|champ|ajoute)\b/i },
  ],
  'brand-designer': [{ type: 'update_brand', operation: 'updateBrand', writes: true, params: ['color', 'email', 'title'] }],
};

/** A skill's actions, its default first. */
export const actionsOf = (skill: SkillId): readonly ActionDef[] => ACTIONS[skill];

/** The action of a type of a skill (the model names actions by type), or undefined. */
export const actionOfType = (skill: SkillId, type: string): ActionDef | undefined => ACTIONS[skill].find((a) => a.type === type);

/** The JSON Schema of each parameter, as the language model is told it (tool parameters). */
export const PARAM_SCHEMAS: Record<keyof Extracted, Record<string, unknown>> = {
  amount: { type: 'number', description: 'an amount in major units (29.9)' },
  currency_code: { type: 'string', description: 'ISO 4217 code, lower case (eur)' },
  percentage: { type: 'number', description: 'a percentage (10 for 10%)' },
  quantity: { type: 'integer', description: 'a count of units, places or seats' },
  dates: { type: 'array', items: { type: 'string', description: 'YYYY-MM-DD' } },
  times: { type: 'array', items: { type: 'string', description: 'HH:MM' } },
  locales: { type: 'array', items: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'tr', 'ar'] } },
  code: { type: 'string', description: 'a discount code' },
  order_number: { type: 'integer' },
  quote_number: { type: 'string' },
  email: { type: 'string' },
  color: { type: 'string', description: '#rrggbb' },
  title: { type: 'string' },
  size: { type: 'string' },
  direction: { type: 'string', enum: ['up', 'down', 'set'] },
};

/** The action of a skill a request asks for: the first whose `when` matches (the more specific ones come first), else the skill's default. */
export function pickAction(skill: SkillId, text: string): ActionDef {
  const actions = ACTIONS[skill];
  return actions.slice(1).find((a) => a.when?.test(text)) ?? actions[0];
}
