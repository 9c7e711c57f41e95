import { Field, ObjectType } from 'type-graphql';
import type { MailSettingsView, TestMailView } from '../services/mail-settings.service';

@ObjectType('StoreMailSettings', {
  simpleResolvers: true,
  description: "How the store's transactional mails leave (order, account, form, quote, event and subscription mails)",
})
export class StoreMailSettingsType implements MailSettingsView {
  @Field(() => String, { nullable: true, description: "the sender's name; null: the address alone" }) sender_name!: string | null;
  @Field(() => String, { nullable: true, description: "the sender's address; null: the platform's" }) sender_email!: string | null;
  @Field(() => String, { nullable: true, description: 'where replies go; null: to the sender' }) reply_to!: string | null;
  @Field({ description: "the From header the store's mails carry now" }) from!: string;
  @Field(() => String, { nullable: true, description: "the store's own SMTP server without its password; null: the platform's server" }) smtp_url!:
    string | null;
  @Field({ description: 'whether an SMTP password is saved (it is never answered)' }) smtp_password_set!: boolean;
  @Field(() => String, { nullable: true, description: 'when the settings last changed (ISO 8601); null: never set' }) updated_at!: string | null;
}

@ObjectType('StoreTestMail', { simpleResolvers: true, description: 'A test mail the server accepted' })
export class StoreTestMailType implements TestMailView {
  @Field({ description: "the signed-in admin's address it went to" }) to!: string;
  @Field({ description: 'the From header it carried' }) from!: string;
  @Field({ description: "store_smtp: the store's own server; platform_smtp: the platform's SMTP_URL; file: an .eml file (no SMTP_URL)" }) via!: string;
  @Field({ description: "the mail's Message-ID" }) message_id!: string;
}

@ObjectType('StoreMailTransport', {
  simpleResolvers: true,
  description: "Internal: how a store's mail leaves, for the platform's own domains (the SMTP URL sealed with the platform's secrets key)",
})
export class StoreMailTransportType {
  @Field(() => String, { nullable: true }) from!: string | null;
  @Field(() => String, { nullable: true }) reply_to!: string | null;
  @Field(() => String, { nullable: true }) smtp_sealed!: string | null;
}
