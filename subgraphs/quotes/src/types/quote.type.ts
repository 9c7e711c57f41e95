import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type {
  IsgConfigView,
  QuoteFieldView,
  QuoteLocationView,
  QuoteProductLineView,
  QuoteServiceLineView,
  QuoteServiceView,
  QuoteSettingsView,
  QuoteView,
} from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('QuoteFormField', { ...S, description: "A custom field of the store's quote form" })
class QuoteFormFieldType {
  @Field({ description: "The field's key in SubmitQuoteInput.fields (lower case letters, digits and _)" }) key!: string;
  @Field({ description: 'Label shown to the shopper' }) label!: string;
  @Field({ description: 'text, number, select, date or boolean' }) type!: 'text' | 'number' | 'select' | 'date' | 'boolean';
  @Field({ description: 'true when a submission must answer it' }) required!: boolean;
  @Field(() => [String], { description: 'The choices of a select field' }) options!: string[];
}

/** A quotable service (the storefront's dropdown): an entity, so other subgraphs can reference it. */
@ObjectType('QuoteService', { ...S, description: "A quotable service (the storefront's dropdown), priced per unit" })
@Directive('@key(fields: "id")')
export class QuoteServiceType implements QuoteServiceView {
  @Field(() => ID, { description: "The service's id" }) id!: string;
  @Field({ description: 'Handle, unique in the store' }) handle!: string;
  @Field({ description: 'Name shown to shoppers' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Description (plain text); null when none' }) description!: string | null;
  @Field({ description: 'What a quantity counts: hour, day, visit…' }) unit!: string;
  @Field(() => Float, { description: "Price per unit in the settings' currency, before the location modifier" }) base_rate!: number;
  @Field({ description: 'true when shoppers may ask for it' }) active!: boolean;
}

@ObjectType('QuoteLocation', { ...S, description: 'A place a service is delivered at, with its price modifier (ISG)' })
export class QuoteLocationType implements QuoteLocationView {
  @Field(() => ID, { description: "The location's id" }) id!: string;
  @Field({ description: 'Handle, unique in the store' }) handle!: string;
  @Field({ description: 'Name shown to shoppers' }) name!: string;
  @Field(() => Float, { description: 'Multiplies the base rates there (1.15 = +15 %)' }) modifier!: number;
}

@ObjectType('QuoteSettings', S)
export class QuoteSettingsType implements QuoteSettingsView {
  @Field() currency_code!: string;
  @Field(() => Int) validity_days!: number;
  @Field(() => String, { nullable: true }) notification_email!: string | null;
  @Field(() => [QuoteFormFieldType]) form_fields!: QuoteFormFieldType[];
}

@ObjectType('IsgConfig', {
  ...S,
  description: 'What a quote form needs: the currency, the active services with their rates, the locations with their modifiers and the custom fields (ISG)',
})
export class IsgConfigType implements IsgConfigView {
  @Field({ description: 'Currency of the rates and the estimates' }) currency_code!: string;
  @Field(() => Int, { description: 'Days a quote is valid' }) validity_days!: number;
  @Field(() => [QuoteServiceType], { description: 'Active quotable services by name' }) services!: QuoteServiceType[];
  @Field(() => [QuoteLocationType], { description: 'Locations by name' }) locations!: QuoteLocationType[];
  @Field(() => [QuoteFormFieldType], { description: "The quote form's custom fields" }) form_fields!: QuoteFormFieldType[];
}

@ObjectType('QuoteProductLine', { ...S, description: 'A product line of a quote, priced when submitted' })
class QuoteProductLineType implements QuoteProductLineView {
  @Field({ description: "The catalog variant's id" }) variant_id!: string;
  @Field({ description: 'Product and variant title when submitted' }) title!: string;
  @Field(() => String, { nullable: true, description: "The variant's SKU; null when it has none" }) sku!: string | null;
  @Field(() => Int, { description: 'Units asked for' }) quantity!: number;
  @Field(() => Float, { description: "Price of one unit in the quote's currency, major units" }) unit_price!: number;
  @Field(() => Float, { description: 'unit_price × quantity, major units' }) total!: number;
}

@ObjectType('QuoteServiceLine', { ...S, description: 'A service line of a quote, priced when submitted' })
class QuoteServiceLineType implements QuoteServiceLineView {
  @Field({ description: "The quotable service's id" }) service_id!: string;
  @Field({ description: "The service's name when submitted" }) name!: string;
  @Field({ description: 'What quantity counts (hour, day, visit…)' }) unit!: string;
  @Field({ description: "The location's id" }) location_id!: string;
  @Field({ description: "The location's name when submitted" }) location_name!: string;
  @Field(() => Int, { description: "Units of the service's unit" }) quantity!: number;
  @Field(() => Float, { description: 'Price per unit before the location modifier, major units' }) base_rate!: number;
  @Field(() => Float, { description: "The location's multiplier when submitted (1.15 = +15 %)" }) modifier!: number;
  @Field(() => Float, { description: 'base_rate × modifier, to the cent' }) unit_price!: number;
  @Field(() => Float, { description: 'unit_price × quantity, major units' }) total!: number;
}

@ObjectType('QuoteField', { ...S, description: "A custom field's answer in a quote" })
class QuoteFieldType implements QuoteFieldView {
  @Field({ description: "The form field's key" }) key!: string;
  @Field({ description: "The form field's label when submitted" }) label!: string;
  @Field({ description: 'text, number, select, date or boolean' }) type!: string;
  @Field({ description: 'The answer as text' }) value!: string;
}

/** A quote request. */
@ObjectType('Quote', { ...S, description: "A quote request: the shopper's contact, the priced lines, the answers of the form and the estimate" })
export class QuoteType implements QuoteView {
  @Field(() => ID, { description: "The quote's id" }) id!: string;
  @Field({ description: 'Q-<year>-<6 digits>, sequential per store and year' }) number!: string;
  @Field({ description: 'new, sent, accepted, declined or expired' }) status!: string;
  @Field({ description: "The requester's name" }) name!: string;
  @Field({ description: "The requester's email (the confirmation and the PDF link go there)" }) email!: string;
  @Field(() => String, { nullable: true, description: 'Company; null when not given' }) company!: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number; null when not given' }) phone!: string | null;
  @Field(() => String, { nullable: true, description: "The requester's message; null when none" }) message!: string | null;
  @Field(() => String, { nullable: true, description: 'The signed-in customer who asked; null for a guest' }) customer_id!: string | null;
  @Field({ description: 'Language of the PDF and the mails' }) locale!: string;
  @Field({ description: 'ISO 4217 currency of every amount of the quote, lowercase' }) currency_code!: string;
  @Field(() => [QuoteProductLineType], { description: 'The product lines (empty when none)' }) products!: QuoteProductLineType[];
  @Field(() => [QuoteServiceLineType], { description: 'The service lines (empty when none)' }) services!: QuoteServiceLineType[];
  @Field(() => [QuoteFieldType], { description: "The answers to the store's custom fields" }) fields!: QuoteFieldType[];
  @Field(() => Float, { description: 'Sum of the lines' }) estimate!: number;
  @Field({ description: 'Last day the quote is valid, YYYY-MM-DD' }) valid_until!: string;
  @Field(() => String, { nullable: true, description: 'The cart an accepted quote became' }) cart_id!: string | null;
  @Field({ description: 'ISO instant it was submitted' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change (a status change included)' }) updated_at!: string;
}

@ObjectType('QuoteSubmission', { ...S, description: 'A submitted quote request and the link to its PDF' })
export class QuoteSubmissionType {
  @Field(() => QuoteType, { description: 'The quote, numbered and priced' }) quote!: QuoteType;
  @Field({ description: 'The PDF, with an access token' }) pdf_url!: string;
}

@ObjectType('QuotePdf', { ...S, description: "A quote's PDF document" })
export class QuotePdfType {
  @Field({ description: 'The PDF, base64' }) content_base64!: string;
}

@ObjectType('QuoteList', { ...S, description: 'A page of quotes with the total count' })
export class QuoteListType extends PaginatedList(QuoteType) {}
