import { Arg, Authorized, Ctx, Mutation, Query, Resolver, registerEnumType } from 'type-graphql';
import { requireTenant, type RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AntispamChallengeType, AuthTokenType, EmailVerifiedType, SuccessType, TenantCreatedType } from '../types/auth.type';
import { CreateTenantInput, EmailPassInput, PasswordResetInput, PasswordResetRequestInput, RegisterInput, VerifyEmailInput } from '../inputs/auth.input';

/** whose password: a customer of the store of the publishable key, or an admin user */
export enum PasswordResetActor {
  customer = 'customer',
  admin = 'admin',
}
registerEnumType(PasswordResetActor, {
  name: 'PasswordResetActor',
  description: 'Whose password a reset is for',
  valuesConfig: {
    customer: { description: "A customer of the publishable key's store" },
    admin: { description: 'An admin user of the console' },
  },
});

@Resolver()
export class AuthResolver {
  constructor(private readonly s: IdentityServices) {}

  @Mutation(() => AuthTokenType, { description: 'Creates a customer identity and profile in the tenant of the publishable key' })
  async registerCustomer(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: "The new customer's email and password" }) input: RegisterInput,
  ): Promise<AuthTokenType> {
    return { token: await this.s.auth.registerCustomer(ctx, input) };
  }

  @Mutation(() => AuthTokenType, {
    description: "Signs a customer of the publishable key's store in with email and password (wrong credentials: 401; too many attempts: 429)",
  })
  async loginCustomer(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: "The customer's email and password" }) input: EmailPassInput,
  ): Promise<AuthTokenType> {
    return { token: await this.s.auth.loginCustomer(ctx, input) };
  }

  @Mutation(() => AuthTokenType, { description: 'Signs an admin user in with email and password (wrong credentials: 401; too many attempts: 429)' })
  async loginAdmin(@Ctx() ctx: RequestContext, @Arg('input', { description: "The admin's email and password" }) input: EmailPassInput): Promise<AuthTokenType> {
    return { token: await this.s.auth.loginAdmin(ctx, input) };
  }

  @Authorized('customer', 'admin')
  @Mutation(() => AuthTokenType, { description: 'A new token for the session of the presented one (a fresh lifetime)' })
  async refreshToken(@Ctx() ctx: RequestContext): Promise<AuthTokenType> {
    return { token: await this.s.auth.refresh(ctx) };
  }

  @Authorized('customer', 'admin')
  @Mutation(() => SuccessType, { description: 'Revokes the session of the presented token' })
  async logout(@Ctx() ctx: RequestContext): Promise<SuccessType> {
    return { success: await this.s.auth.logout(ctx) };
  }

  @Mutation(() => SuccessType, {
    description:
      "Asks for a password reset: an account with this address (a customer of the publishable key's store, or an admin) gets a one-time token by mail, valid 15 minutes. Always succeeds: whether the address has an account is never told.",
  })
  async requestPasswordReset(
    @Ctx() ctx: RequestContext,
    @Arg('actor', () => PasswordResetActor, { description: "Whose password: a customer of the publishable key's store or an admin" }) actor: PasswordResetActor,
    @Arg('input', { description: "The account's email address" }) input: PasswordResetRequestInput,
  ): Promise<SuccessType> {
    await this.s.passwordResets.request(ctx, actor, input.identifier);
    return { success: true };
  }

  @Mutation(() => SuccessType, {
    description:
      "Sets a new password with a reset token (once); every session of the account ends. A customer's token works only with its store's publishable key.",
  })
  async resetPassword(
    @Ctx() ctx: RequestContext,
    @Arg('actor', () => PasswordResetActor, { description: "Whose password: a customer of the publishable key's store or an admin" }) actor: PasswordResetActor,
    @Arg('input', { description: 'The token of the reset mail and the new password' }) input: PasswordResetInput,
  ): Promise<SuccessType> {
    await this.s.passwordResets.reset(ctx, actor, input.token, input.password, input.email);
    return { success: true };
  }

  @Mutation(() => EmailVerifiedType, {
    description: "Confirms a customer's address with the token of the verification mail (once, within 24 hours); with a publishable key, only the key's store",
  })
  async verifyEmail(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The token of the verification mail' }) input: VerifyEmailInput,
  ): Promise<EmailVerifiedType> {
    return this.s.verifications.verify(ctx, input.token);
  }

  @Authorized('customer')
  @Mutation(() => SuccessType, { description: 'Customer: mails a new address verification link (409 already_verified when verified)' })
  async requestEmailVerification(@Ctx() ctx: RequestContext): Promise<SuccessType> {
    await this.s.verifications.resend(ctx);
    return { success: true };
  }

  @Query(() => AntispamChallengeType, { description: 'A proof-of-work challenge for public POSTs (ALTCHA)' })
  async antispamChallenge(@Ctx() ctx: RequestContext): Promise<AntispamChallengeType> {
    return this.s.authority.challenge(requireTenant(ctx));
  }

  @Authorized('operator')
  @Mutation(() => TenantCreatedType, { description: 'Operator only: a new tenant with keys and its first admin' })
  async createTenant(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: "The store's name and first admin" }) input: CreateTenantInput,
  ): Promise<TenantCreatedType> {
    return this.s.tenants.create(ctx, {
      name: input.name,
      adminEmail: input.admin_email,
      adminPassword: input.admin_password ?? undefined,
      allowedOrigins: input.allowed_origins ?? undefined,
    });
  }
}
