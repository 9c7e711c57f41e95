import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { INTERNAL_ROLE, type RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { StoreMailSettingsType, StoreMailTransportType, StoreTestMailType } from '../types/mail-settings.type';
import { StoreMailSettingsInput } from '../inputs/mail-settings.input';

/** The store's transactional mail: sender, reply-to, its own SMTP server (the password write-only), a test mail. */
@Resolver()
export class MailSettingsResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('admin')
  @Query(() => StoreMailSettingsType, { description: "Admin: how the store's transactional mails leave (the SMTP password is never answered)" })
  storeMailSettings(@Ctx() ctx: RequestContext) {
    return this.s.mailSettings.settings(ctx);
  }

  @Authorized('admin')
  @Mutation(() => StoreMailSettingsType, {
    description: "Admin: changes the store's mail settings (400 invalid_field for a bad address or SMTP URL: nothing is written)",
  })
  saveStoreMailSettings(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The settings to change' }) input: StoreMailSettingsInput) {
    return this.s.mailSettings.save(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => StoreTestMailType, {
    description: "Admin: sends a test mail to the signed-in admin as the store's mails leave now (502 mail_refused with the server's answer)",
  })
  sendStoreTestMail(@Ctx() ctx: RequestContext) {
    return this.s.mailSettings.sendTest(ctx);
  }

  @Authorized(INTERNAL_ROLE)
  @Query(() => StoreMailTransportType, { nullable: true, description: "Internal: how the store's mail leaves, for the platform's domains" })
  storeMailTransport(@Ctx() ctx: RequestContext) {
    return this.s.mailSettings.transport(ctx);
  }
}
