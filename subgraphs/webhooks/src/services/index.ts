import { SecretBox, Store, TenantBinding, subscriptionQueueName, type ServiceFactoryArgs } from '@svc/kit';
import { EndpointService } from './endpoint.service';
import { DeliveryService, FAN_OUT } from './delivery.service';
import { Dispatcher } from './dispatcher';
import { TargetGuard } from './guard';
import type { WebhooksSettings } from '../settings';

/** webhooks's services, sharing one store (this domain's schema and unit of work). */
export interface WebhooksServices {
  store: Store;
  endpoints: EndpointService;
  deliveries: DeliveryService;
  /** works due deliveries (started by the manifest's `start` unless WORKERS_DISABLED) */
  dispatcher: Dispatcher;
  /** the SSRF guard (tests replace its resolver) */
  guard: TargetGuard;
}

export function createWebhooksServices({ orm, deps, settings: cfg }: ServiceFactoryArgs<WebhooksSettings>): WebhooksServices {
  const store = new Store(orm);
  // the tenants whose events the fan-out receives: those with an active endpoint
  const binding = new TenantBinding(store, subscriptionQueueName('webhooks', FAN_OUT));
  const guard = new TargetGuard(cfg.allowHosts);
  const graph = () => deps.graph;
  const endpoints = new EndpointService({
    store,
    binding,
    box: new SecretBox(deps.config.secretsKey),
    guard,
    graph,
    production: deps.config.env === 'production',
  });
  const dispatcher = new Dispatcher({ store, endpoints, guard, graph, log: deps.log.child({ domain: 'webhooks' }), clock: deps.clock, ...cfg });
  const deliveries = new DeliveryService(store, endpoints, dispatcher.kick);
  return { store, endpoints, deliveries, dispatcher, guard };
}
