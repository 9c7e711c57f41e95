import { Field, ObjectType } from 'type-graphql';
import type { CheckoutRequirementsView } from '../services/checkout-requirements.service';

@ObjectType('CheckoutRequirements', { simpleResolvers: true, description: 'What the store requires of the signed-in customer before checkout' })
export class CheckoutRequirementsType implements CheckoutRequirementsView {
  @Field({ description: 'the store requires a verified address (store setting require_email_verification)' }) email_verification_required!: boolean;
  @Field({ description: "the customer's address is verified" }) email_verified!: boolean;
}

@ObjectType('EmailChanged', { simpleResolvers: true, description: "The customer's new (verified) address" })
export class EmailChangedType {
  @Field({ description: "The new address, now the customer's email and verified" }) email!: string;
}
