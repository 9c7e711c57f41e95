import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { SuccessType } from '../types/auth.type';
import { CheckoutRequirementsType, EmailChangedType } from '../types/account.type';
import { EmailChangeConfirmInput, EmailChangeRequestInput } from '../inputs/account.input';

/** A customer's account beyond the profile: the change of address, and what checkout requires of it. */
@Resolver()
export class AccountResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('customer')
  @Query(() => CheckoutRequirementsType, {
    description: 'Customer: what the store requires before checkout, and whether it is met (commerce asks at completion)',
  })
  checkoutRequirements(@Ctx() ctx: RequestContext): Promise<CheckoutRequirementsType> {
    return this.s.checkoutRequirements.mine(ctx);
  }

  @Authorized('customer')
  @Mutation(() => SuccessType, {
    description:
      'Customer: asks to change the address (with the password, or a sign-in at most 10 minutes old); a code goes to the new address, a notice to the old',
  })
  async requestEmailChange(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The new address and the current password' }) input: EmailChangeRequestInput,
  ): Promise<SuccessType> {
    await this.s.emailChanges.request(ctx, input.email, input.password);
    return { success: true };
  }

  @Mutation(() => EmailChangedType, {
    description: "Confirms a change of address with the code mailed to the new address (once, within an hour); with a publishable key, only the key's store",
  })
  confirmEmailChange(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The code of the mail' }) input: EmailChangeConfirmInput,
  ): Promise<EmailChangedType> {
    return this.s.emailChanges.confirm(ctx, input.token);
  }
}
