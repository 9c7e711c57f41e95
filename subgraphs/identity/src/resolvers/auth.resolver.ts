import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireTenant, type RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AntispamChallengeType, AuthTokenType, SuccessType, TenantCreatedType } from '../types/auth.type';
import { CreateTenantInput, EmailPassInput, RegisterInput } from '../inputs/auth.input';

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
