import path from 'node:path';
import { DurableProcessRecord, defineDomain } from '@svc/kit';
import { Cart, CartShippingMethod, LineItem } from './entities/cart.entity';
import { Order, OrderCounter } from './entities/order.entity';
import { PaymentCollection, PaymentSession } from './entities/payment.entity';
import { PromotionUsage } from './entities/completion.entity';
import { CommerceSettings, PaymentProviderSetting, Promotion, ShippingOption, TaxRate } from './entities/setup.entity';
import { CartResolver } from './resolvers/commerce.resolver';
import { CommerceAdminResolver } from './resolvers/admin.resolver';
import { RecurringPaymentResolver } from './resolvers/recurring.resolver';
import { orderReference } from './resolvers/commerce.reference';
import { CustomerOrdersResolver, customerReference } from './resolvers/customer-orders.resolver';
import { CustomerRefType } from './types/commerce.type';
import { createCommerceServices, type CommerceServices } from './services';
import { commerceEvents } from './events';
import { commerceRoutes } from './rest/routes';
import { seedDemoCommerce } from './seed/demo-seed';
import { migrations } from './migrations';
import { commerceSettings, type CommerceDomainSettings } from './settings';
import { commercePrivacy } from './privacy';

/**
 * commerce: carts, line items (of any registered kind), shipping options and methods, taxes,
 * promotions, payment collections and sessions with the tenant's providers, checkout and orders.
 * Products, prices and stock belong to the catalog; commerce asks for them through the supergraph.
 */
export const domain = defineDomain<CommerceServices, CommerceDomainSettings>({
  name: 'commerce',
  privacy: commercePrivacy,
  dbSchema: 'commerce',
  entities: [
    Cart,
    LineItem,
    CartShippingMethod,
    ShippingOption,
    TaxRate,
    Promotion,
    PaymentProviderSetting,
    CommerceSettings,
    PaymentCollection,
    PaymentSession,
    Order,
    OrderCounter,
    PromotionUsage,
    DurableProcessRecord,
  ],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): carts, orders and payment attempts: no public read shows them
  readCacheIgnores: ['cart', 'line_item', 'cart_shipping_method', 'promotion_usage', 'order', 'order_counter', 'payment_collection', 'payment_session'],
  resolvers: [CartResolver, CommerceAdminResolver, CustomerOrdersResolver, RecurringPaymentResolver],
  // the identity's Customer, extended with its orders (no query of this subgraph returns it)
  orphanedTypes: [CustomerRefType],
  settings: commerceSettings,
  createServices: createCommerceServices,
  references: (s) => ({ Order: orderReference(s), Customer: customerReference() }),
  events: commerceEvents,
  routes: commerceRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  // what it asks of the catalog and identity (src/ports/*.graphql, typed in generated.ts)
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoCommerce,
  // completions a crashed or stuck process left: resumed or compensated (any instance; leased records)
  subscriptions: [
    // a guest's order mail with the cancellation code leaves the checkout (retried on failure)
    commerceEvents.on<CommerceServices, 'order.placed'>('order.placed', 'guest-order-mail', (e, ctx, s) => s.orderMail.guestConfirmation(ctx, e.data.id)),
    // the transfer token goes to the order's email (it is in no event)
    commerceEvents.on<CommerceServices, 'order.transfer_requested'>('order.transfer_requested', 'transfer-mail', (e, ctx, s) =>
      s.orderMail.transferRequest(ctx, e.data.id),
    ),
  ],
  jobs: [{ name: 'recover-completions', schedule: '* * * * *', handler: async (_data, ctx, s) => void (await s.orders.recover(ctx.log)) }],
  start: async (s, deps) => {
    // a pass soon after start, then every CHECKOUT_RECOVERY_INTERVAL_MS (the cron job is the floor)
    const pass = async () => {
      try {
        const r = await s.orders.recover(deps.log);
        if (r.resumed || r.compensated || r.failed) deps.log.info(r, 'cart completions recovered');
      } catch (err) {
        deps.log.debug({ err }, 'completion recovery pass failed (retried)');
      }
    };
    recovery.set(s, setInterval(() => void pass(), s.orders.settings.recoveryIntervalMs).unref());
    setTimeout(() => void pass(), Math.min(1_000, s.orders.settings.recoveryIntervalMs)).unref();
  },
  stop: async (s) => {
    clearInterval(recovery.get(s));
    recovery.delete(s);
    await s.mailer.close();
  },
});

const recovery = new Map<CommerceServices, NodeJS.Timeout>();

export type { CommerceServices };
export { commerceEvents };
export type { LineItemKind, LineSnapshot } from './services/line-item-kinds';
export type { PaymentProviderAdapter, ProviderResult, PaymentContext } from './payments/provider';
export { PaymentProviderUnavailable } from './payments/provider';
export { demoCommerceSetup, seedDemoCommerce } from './seed/demo-seed';
export { createPaymentProvider, PAYMENT_PROVIDER_IDS } from './payments';
export { SetupService } from './services/setup.service';
