import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

const address = (field: string) => z.string().trim().max(320).email(`${field} must be a valid email address`);

export const mailSettingsSchema = z.strictObject({
  /** shown as the sender's name: no quotes, angle brackets or line breaks (it becomes part of a header) */
  sender_name: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^"<>\\\p{Cc}]*$/u, 'sender_name may not hold quotes, angle brackets, backslashes or line breaks')
    .nullish(),
  sender_email: address('sender_email').nullish(),
  reply_to: address('reply_to').nullish(),
  /** `smtp://user@host:587` or `smtps://user@host:465` (checked by the service); null: the platform's server */
  smtp_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^$|^smtps?:\/\/[^\s"'<>`\\]+$/i, 'smtp_url must be an smtp:// or smtps:// URL (smtp://user@host:587, smtps://user@host:465)')
    .nullish(),
  /** write-only; absent or null keeps the stored one, "" removes it */
  smtp_password: z.string().max(500).nullish(),
});
export type MailSettingsData = z.infer<typeof mailSettingsSchema>;

@InputType('StoreMailSettingsInput', { description: "Changes to the store's mail settings; absent fields stay, null clears" })
@ValidateWith(mailSettingsSchema)
export class StoreMailSettingsInput {
  @Field(() => String, { nullable: true, description: "the sender's name of the store's mails (null: the address alone)" }) sender_name?: string | null;
  @Field(() => String, { nullable: true, description: "the sender's address of the store's mails (null: the platform's MAIL_FROM)" })
  sender_email?: string | null;
  @Field(() => String, { nullable: true, description: "where replies to the store's mails go (null: to the sender)" }) reply_to?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "the store's own SMTP server, smtp://user@host:587 (STARTTLS) or smtps://user@host:465; no path or query; a password in it is taken as smtp_password; null: the platform's server (and the password is removed)",
  })
  smtp_url?: string | null;
  @Field(() => String, { nullable: true, description: 'the SMTP password, write-only: absent or null keeps the stored one, "" removes it' })
  smtp_password?: string | null;
}
