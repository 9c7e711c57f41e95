import { z } from 'zod';
import { Field, InputType, Int } from 'type-graphql';
import { JSONScalar, ValidateWith, currencySchema, metadataSchema, postalAddressFields, type Metadata } from '@svc/kit';

export const addressSchema = z.strictObject(postalAddressFields);
export type AddressInputData = z.infer<typeof addressSchema>;

@InputType('CartAddressInput', { description: 'A shipping or billing address for a cart (every field optional)' })
@ValidateWith(addressSchema)
class CartAddressInput {
  @Field(() => String, { nullable: true, description: "The recipient's first name" }) first_name?: string | null;
  @Field(() => String, { nullable: true, description: "The recipient's last name" }) last_name?: string | null;
  @Field(() => String, { nullable: true, description: 'A company name' }) company?: string | null;
  @Field(() => String, { nullable: true, description: 'The street and number' }) address_1?: string | null;
  @Field(() => String, { nullable: true, description: 'A second address line (flat, floor)' }) address_2?: string | null;
  @Field(() => String, { nullable: true, description: 'The city' }) city?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "ISO 3166-1 alpha-2 country code (de), kept lower-case; the shipping address's country picks the tax rate",
  })
  country_code?: string | null;
  @Field(() => String, { nullable: true, description: 'The province or state; a tax rate for it applies when there is one (matched case-insensitively)' })
  province?: string | null;
  @Field(() => String, { nullable: true, description: 'The postal code' }) postal_code?: string | null;
  @Field(() => String, { nullable: true, description: 'A phone number for the carrier' }) phone?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the address' }) metadata?: Metadata | null;
}

const quantity = z
  .number({ message: 'quantity must be a number' })
  .int('quantity must be an integer')
  .min(1, 'quantity must be at least 1')
  .max(10_000, 'quantity must be at most 10000');
const id = z.string().min(1).max(200);
const email = z.string().max(320).email('email must be a valid email address');
const promoCodes = z.array(z.string().min(1).max(100)).max(20);

export const lineItemSchema = z.strictObject({ variant_id: id, quantity, metadata: metadataSchema.nullish() });
export type LineItemData = z.infer<typeof lineItemSchema>;

@InputType('CartLineItemInput', { description: 'A product variant to add to a cart' })
@ValidateWith(lineItemSchema)
export class CartLineItemInput {
  @Field({ description: "The product variant to buy; it needs a price in the cart's currency and must be in the cart's sales channel" }) variant_id!: string;
  @Field(() => Int, { description: 'How many, 1 to 10000; the same variant with the same metadata again adds to its line' }) quantity!: number;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the line (different metadata makes a separate line)' })
  metadata?: Metadata | null;
}

export const createCartSchema = z.strictObject({
  region_id: id.nullish(),
  currency_code: currencySchema.nullish(),
  email: email.nullish(),
  items: z.array(lineItemSchema).max(100).nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
  sales_channel_id: id.nullish(),
  promo_codes: promoCodes.nullish(),
  metadata: metadataSchema.nullish(),
  locale: z.string().max(20).nullish(),
});
export type CreateCartData = z.infer<typeof createCartSchema>;

@InputType('CreateCartInput', { description: 'A new cart (every field optional)' })
@ValidateWith(createCartSchema)
export class CreateCartInput {
  @Field(() => String, { nullable: true, description: "The region to price, tax and ship in; the store's default region when absent" }) region_id?:
    string | null;
  @Field(() => String, { nullable: true, description: "Must be the region's currency when given (ISO 4217, lower-case); the cart always takes the region's" })
  currency_code?: string | null;
  @Field(() => String, { nullable: true, description: "The email for the order's mails; the signed-in customer's email when absent" }) email?: string | null;
  @Field(() => [CartLineItemInput], { nullable: true, description: 'Lines to start with (at most 100)' }) items?: CartLineItemInput[] | null;
  @Field(() => CartAddressInput, { nullable: true, description: 'The shipping address (its country picks the tax rate)' })
  shipping_address?: CartAddressInput | null;
  @Field(() => CartAddressInput, { nullable: true, description: 'The billing address' }) billing_address?: CartAddressInput | null;
  @Field(() => String, { nullable: true, description: "One of the publishable key's sales channels; the key's first when absent" }) sales_channel_id?:
    string | null;
  @Field(() => [String], { nullable: true, description: 'Promotion codes to apply (at most 20, case-insensitive); an unknown code is refused' }) promo_codes?:
    string[] | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the cart' }) metadata?: Metadata | null;
  @Field(() => String, { nullable: true, description: "The shopper's locale for mails (de, de-AT), at most 20 characters" }) locale?: string | null;
}

export const updateCartSchema = createCartSchema.omit({ items: true, currency_code: true });
export type UpdateCartData = z.infer<typeof updateCartSchema>;

@InputType('UpdateCartInput', { description: 'Changes to a cart: absent fields stay as they are' })
@ValidateWith(updateCartSchema)
export class UpdateCartInput {
  @Field(() => String, {
    nullable: true,
    description: 'Moves the cart to another region: lines are re-priced in its currency and the shipping method is dropped',
  })
  region_id?: string | null;
  @Field(() => String, { nullable: true, description: "The email for the order's mails; null clears it" }) email?: string | null;
  @Field(() => CartAddressInput, { nullable: true, description: 'Replaces the shipping address; null removes it' }) shipping_address?: CartAddressInput | null;
  @Field(() => CartAddressInput, { nullable: true, description: 'Replaces the billing address; null removes it' }) billing_address?: CartAddressInput | null;
  @Field(() => String, { nullable: true, description: "One of the publishable key's sales channels" }) sales_channel_id?: string | null;
  @Field(() => [String], { nullable: true, description: "Replaces the cart's promotion codes (at most 20, case-insensitive); [] removes them all" })
  promo_codes?: string[] | null;
  @Field(() => JSONScalar, { nullable: true, description: "Replaces the cart's key-value data; null clears it" }) metadata?: Metadata | null;
  @Field(() => String, { nullable: true, description: "The shopper's locale for mails (de, de-AT); null clears it" }) locale?: string | null;
}

export const updateLineItemSchema = z.strictObject({
  quantity: z.number({ message: 'quantity must be a number' }).int('quantity must be an integer').min(0).max(10_000),
  metadata: metadataSchema.nullish(),
});
export type UpdateLineItemData = z.infer<typeof updateLineItemSchema>;

@InputType('UpdateCartLineItemInput', { description: 'A new quantity (and metadata) for a cart line' })
@ValidateWith(updateLineItemSchema)
export class UpdateCartLineItemInput {
  @Field(() => Int, { description: '0 removes the line' }) quantity!: number;
  @Field(() => JSONScalar, { nullable: true, description: "Replaces the line's key-value data (the attendees or travellers it names stay); absent keeps it" })
  metadata?: Metadata | null;
}

/** A ticket's attendee, kept in the line's `metadata.attendees` (one per ticket). */
export const attendeeSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'first_name is required').max(100),
  last_name: z.string().trim().min(1, 'last_name is required').max(100),
  email: z.string().max(320).email('email must be a valid email address').nullish(),
});

/** A traveller on a tour departure, kept in the line's `metadata.travellers` (one per seat). */
export const travellerSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'first_name is required').max(100),
  last_name: z.string().trim().min(1, 'last_name is required').max(100),
  age: z.number().int('age must be an integer').min(0).max(120).nullish(),
});

export const eventItemSchema = z.strictObject({
  ticket_id: id,
  quantity: quantity.max(100, 'quantity must be at most 100'),
  attendees: z.array(attendeeSchema).max(100).nullish(),
  metadata: metadataSchema.nullish(),
});
export type EventItemData = z.infer<typeof eventItemSchema>;

@InputType('CartEventAttendeeInput', { description: "A ticket holder's name (and email)" })
class CartEventAttendeeInput {
  @Field({ description: 'First name, 1 to 100 characters' }) first_name!: string;
  @Field({ description: 'Last name, 1 to 100 characters' }) last_name!: string;
  @Field(() => String, { nullable: true, description: "The attendee's email, when the event asks for it" }) email?: string | null;
}

@InputType('CartEventItemInput', { description: 'tickets of one ticket type; attendees: one per ticket, when the event asks for names' })
@ValidateWith(eventItemSchema)
export class CartEventItemInput {
  @Field({ description: "The event's ticket type (etkt_…); it needs a price in the cart's currency" }) ticket_id!: string;
  @Field(() => Int, { description: "How many tickets, 1 to 100 (and at most the ticket type's maximum per order)" }) quantity!: number;
  @Field(() => [CartEventAttendeeInput], {
    nullable: true,
    description: "One per ticket, when the event asks for names; kept in the line's metadata.attendees",
  })
  attendees?: CartEventAttendeeInput[] | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the line' }) metadata?: Metadata | null;
}

export const tourItemSchema = z.strictObject({
  departure_id: id,
  quantity: quantity.max(100, 'quantity must be at most 100'),
  travellers: z.array(travellerSchema).max(100).nullish(),
  metadata: metadataSchema.nullish(),
});
export type TourItemData = z.infer<typeof tourItemSchema>;

@InputType('CartTourTravellerInput', { description: 'A traveller on a tour departure' })
class CartTourTravellerInput {
  @Field({ description: 'First name, 1 to 100 characters' }) first_name!: string;
  @Field({ description: 'Last name, 1 to 100 characters' }) last_name!: string;
  @Field(() => Int, { nullable: true, description: 'Age in years (0 to 120), when the tour asks for it' }) age?: number | null;
}

@InputType('CartTourItemInput', { description: 'seats on one departure; travellers: one per seat (names and ages), when the tour asks for them' })
@ValidateWith(tourItemSchema)
export class CartTourItemInput {
  @Field({ description: "The tour departure to book seats on; it needs a price in the cart's currency" }) departure_id!: string;
  @Field(() => Int, { description: "How many seats, 1 to 100 (and at most the departure's maximum per order)" }) quantity!: number;
  @Field(() => [CartTourTravellerInput], { nullable: true, description: "One per seat, when the tour asks for them; kept in the line's metadata.travellers" })
  travellers?: CartTourTravellerInput[] | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the line' }) metadata?: Metadata | null;
}

export const shippingMethodSchema = z.strictObject({ option_id: id, data: metadataSchema.nullish() });
export type ShippingMethodData = z.infer<typeof shippingMethodSchema>;

@InputType('CartShippingMethodInput', { description: 'The shipping option a cart ships with' })
@ValidateWith(shippingMethodSchema)
export class CartShippingMethodInput {
  @Field({ description: "An enabled shipping option (so_…) of the cart's region; it replaces the cart's current one" }) option_id!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data for the fulfilment (a pickup point), kept on the shipping method' })
  data?: Metadata | null;
}

export const promoCodesSchema = z.strictObject({ promo_codes: promoCodes });

@InputType('CartPromotionsInput', { description: 'Promotion codes to add to or remove from a cart' })
@ValidateWith(promoCodesSchema)
export class CartPromotionsInput {
  @Field(() => [String], { description: 'Codes, case-insensitive (at most 20); adding an unknown code is refused, removing one the cart lacks is ignored' })
  promo_codes!: string[];
}

export const paymentSessionSchema = z.strictObject({
  provider_id: z.string().min(1).max(100),
  data: metadataSchema.nullish(),
  context: metadataSchema.nullish(),
});
export type PaymentSessionData = z.infer<typeof paymentSessionSchema>;

@InputType('PaymentSessionInput', { description: 'The payment provider to pay a collection with' })
@ValidateWith(paymentSessionSchema)
export class PaymentSessionInput {
  @Field({
    description:
      "A provider offered in the cart's region (paymentProviders): pp_system_default, pp_stripe_stripe, pp_paypal_paypal or pp_bank-transfer_default",
  })
  provider_id!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'Provider-specific data passed on when the session is initiated' }) data?: Metadata | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Extra key-value context kept on the session' }) context?: Metadata | null;
}
