import { Arg, Authorized, Ctx, Mutation, Query, Resolver, registerEnumType } from 'type-graphql';
import { requireTenant, type RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AntispamChallengeType, AuthTokenType, SuccessType, TenantCreatedType } from '../types/auth.type';
import { CreateTenantInput, EmailPassInput, PasswordResetInput, PasswordResetRequestInput, RegisterInput } from '../inputs/auth.input';

/** whose password: a customer of the store of the publishable key, or an admin user */
export enum PasswordResetActor {
  customer = 'customer',
  admin = 'admin',
}
registerEnumType(PasswordResetActor, { name: 'PasswordResetActor' });

@Resolver()
export class AuthResolver {
  constructor(private readonly s: IdentityServices) {}

  @Mutation(() => AuthTokenType, { description: 'Creates a customer identity and profile in the tenant of the publishable key' })
  async registerCustomer(@Ctx() ctx: RequestContext, @Arg('input') input: RegisterInput): Promise<AuthTokenType> {
    return { token: await this.s.auth.registerCustomer(ctx, input) };
  }

  @Mutation(() => AuthTokenType)
  async loginCustomer(@Ctx() ctx: RequestContext, @Arg('input') input: EmailPassInput): Promise<AuthTokenType> {
    return { token: await this.s.auth.loginCustomer(ctx, input) };
  }

  @Mutation(() => AuthTokenType)
  async loginAdmin(@Ctx() ctx: RequestContext, @Arg('input') input: EmailPassInput): Promise<AuthTokenType> {
    return { token: await this.s.auth.loginAdmin(ctx, input) };
  }

  @Authorized('customer', 'admin')
  @Mutation(() => AuthTokenType)
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
    @Arg('actor', () => PasswordResetActor) actor: PasswordResetActor,
    @Arg('input') input: PasswordResetRequestInput,
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
    @Arg('actor', () => PasswordResetActor) actor: PasswordResetActor,
    @Arg('input') input: PasswordResetInput,
  ): Promise<SuccessType> {
    await this.s.passwordResets.reset(ctx, actor, input.token, input.password, input.email);
    return { success: true };
  }

  @Query(() => AntispamChallengeType, { description: 'A proof-of-work challenge for public POSTs (ALTCHA)' })
  async antispamChallenge(@Ctx() ctx: RequestContext): Promise<AntispamChallengeType> {
    return this.s.authority.challenge(requireTenant(ctx));
  }

  @Authorized('operator')
  @Mutation(() => TenantCreatedType, { description: 'Operator only: a new tenant with keys and its first admin' })
  async createTenant(@Ctx() ctx: RequestContext, @Arg('input') input: CreateTenantInput): Promise<TenantCreatedType> {
    return this.s.tenants.create(ctx, {
      name: input.name,
      adminEmail: input.admin_email,
      adminPassword: input.admin_password ?? undefined,
      allowedOrigins: input.allowed_origins ?? undefined,
    });
  }
}
