import { GraphLink, Store, createStoreMailer, type StoreMailer, type ServiceFactoryArgs } from '@svc/kit';
import { CommerceStoreMailDocument } from '../ports/generated';
import { CartService } from './cart.service';
import { CatalogPort } from './catalog-port';
import { CheckoutService } from './checkout.service';
import { LineItemKinds, productKind } from './line-item-kinds';
import { OrderService } from './order.service';
import { OrderMailCodes, OrderMailService } from './order-mail.service';
import { PaymentService } from './payment.service';
import { RecurringPaymentService } from './recurring.service';
import { eventsPort, toursPort } from './selling-ports';
import { ticketKind, tourKind } from './sellable-kinds';
import { SetupService } from './setup.service';

/** Commerce's services, one per aggregate: setup (shipping, taxes, promotions, providers), carts, payments, orders. */
import type { CommerceDomainSettings } from '../settings';
export interface CommerceServices {
  store: Store;
  catalog: CatalogPort;
  /** line item kinds: `product` here; other domains register theirs */
  kinds: LineItemKinds;
  setup: SetupService;
  carts: CartService;
  payments: PaymentService;
  orders: OrderService;
  /** saved methods, off-session charges and renewal orders for subscriptions (operator operations) */
  recurring: RecurringPaymentService;
  checkout: CheckoutService;
  /** guests' order mails (with the cancellation code) */
  orderMail: OrderMailService;
  /** the store's mailer: its sender and own SMTP server (identity's mail settings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
}

export function createCommerceServices({ orm, deps, settings }: ServiceFactoryArgs<CommerceDomainSettings>): CommerceServices {
  const store = new Store(orm);
  const graph = deps.graph ?? new GraphLink();
  const catalog = new CatalogPort(() => graph);
  const kinds = new LineItemKinds();
  kinds.register(productKind(catalog));
  kinds.register(
    ticketKind(
      eventsPort(() => graph),
      settings.completion.cartHoldTtlS,
    ),
  );
  kinds.register(
    tourKind(
      toursPort(() => graph),
      settings.completion.cartHoldTtlS,
    ),
  );
  const setup = new SetupService(store, catalog, deps.config?.secretsKey, settings.setupCacheMs);
  const carts = new CartService(store, catalog, setup, kinds);
  const payments = new PaymentService(store, carts, setup, catalog);
  const codes = new OrderMailCodes(deps.config.secretsKey);
  const orders = new OrderService(store, carts, payments, setup, kinds, deps.log, codes, settings.completion);
  const mailer = createStoreMailer(deps, CommerceStoreMailDocument);
  const checkout = new CheckoutService(carts, setup, payments);
  return {
    store,
    catalog,
    kinds,
    setup,
    carts,
    payments,
    orders,
    recurring: new RecurringPaymentService(store, setup, catalog, payments),
    checkout,
    orderMail: new OrderMailService(orders, setup, mailer, codes),
    mailer,
  };
}
