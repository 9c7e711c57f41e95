import type { WebhookEndpoint } from '../entities/endpoint.entity';
import type { DeliveryStatus, WebhookAttempt, WebhookDelivery } from '../entities/delivery.entity';

/** A webhook endpoint as the services return it (snake_case like the API); `secret` only right after create or rotate. */
export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  active: boolean;
  disabled_reason: string | null;
  allow_private_network: boolean;
  selection: string | null;
  previous_secret_expires_at: string | null;
  secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface AttemptView {
  id: string;
  number: number;
  success: boolean;
  status_code: number | null;
  duration_ms: number;
  response_snippet: string | null;
  error: string | null;
  created_at: string;
}

export interface DeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  ordering_key: string;
  sequence: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointView(e: WebhookEndpoint, secret: string | null = null): EndpointView {
  const overlap = e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > Date.now() ? e.previousSecretExpiresAt : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes,
    active: e.active,
    disabled_reason: e.disabledReason,
    allow_private_network: e.allowPrivateNetwork,
    selection: e.selection,
    previous_secret_expires_at: iso(overlap),
    secret,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDelivery): DeliveryView {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    ordering_key: d.orderingKey,
    sequence: String(d.sequence),
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    last_status: d.lastStatus,
    last_error: d.lastError,
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
  };
}

export function toAttemptView(a: WebhookAttempt): AttemptView {
  return {
    id: a.id,
    number: a.number,
    success: a.success,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    response_snippet: a.responseSnippet,
    error: a.error,
    created_at: a.createdAt.toISOString(),
  };
}
