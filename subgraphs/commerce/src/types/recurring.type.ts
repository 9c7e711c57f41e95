import { Field, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { RecurringResult } from '../services/recurring.service';

const S = { simpleResolvers: true };

@ObjectType('RecurringPayment', {
  ...S,
  description: 'A recurring payment step at a provider: a session that saves the method, its confirmation, or an off-session charge',
})
export class RecurringPaymentType implements RecurringResult {
  @Field({ description: 'The provider that handled the step' }) provider_id!: string;
  @Field(() => String, { description: 'saved_method (charged off-session) or invoice (paid outside: manual, bank transfer)' }) mode!:
    'saved_method' | 'invoice';
  @Field({ description: 'pending, captured, authorized (method saved, nothing paid), requires_more or error' }) status!: string;
  @Field(() => JSONScalar, { description: 'client_secret, approve_url or transfer reference, and the provider ids' }) data!: Record<string, unknown>;
  @Field(() => JSONScalar, { nullable: true, description: 'The saved method, once there is one' }) method!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: "The provider's message when the step failed or needs more; null otherwise" }) message!: string | null;
}

@ObjectType('RenewalOrder', { ...S, description: 'The order of one subscription renewal' })
export class RenewalOrderType {
  @Field({ description: "The order's id (order_…)" }) id!: string;
  @Field(() => Int, { description: "The store's order number" }) display_id!: number;
  @Field({ description: 'captured when paid off-session, authorized for an invoice awaiting payment' }) payment_status!: string;
  @Field({ description: 'false when the key had its order already' }) created!: boolean;
}
