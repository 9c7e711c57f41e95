import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { FormsServices } from '../services';
import { AdminFormListType, AdminFormType, FormType, SubmissionListType, SubmissionResultType, VerifierType } from '../types/form.type';
import { CreateFormInput, FormListArgs, FormSubmissionInput, FormVerifierInput, SubmissionListArgs, UpdateFormInput } from '../inputs/form.input';

/** Forms in the graph: storefront reads and submissions, admin management. Thin: one service call each. */
@Resolver(() => FormType)
export class FormResolver {
  constructor(private readonly s: FormsServices) {}

  @Query(() => FormType, { description: 'An active form by slug (or id)' })
  form(
    @Ctx() ctx: RequestContext,
    @Arg('slug', { description: "The form's slug (or id); an inactive or another store's form answers not_found" }) slug: string,
  ) {
    return this.s.forms.storeForm(ctx, slug);
  }

  @Query(() => FormType, { nullable: true, description: 'The active popup form of the store, if any' })
  popupForm(@Ctx() ctx: RequestContext) {
    return this.s.forms.popup(ctx);
  }

  @Mutation(() => SubmissionResultType, {
    description: 'Submits an active form; needs a solved anti-spam challenge, and challenge_token when the store configures a verifier',
  })
  submitForm(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The form and the values' }) input: FormSubmissionInput) {
    return this.s.submissions.submit(ctx, input);
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => AdminFormListType, { description: "Admin: the store's forms, newest first" })
  adminForms(@Ctx() ctx: RequestContext, @Args() args: FormListArgs) {
    return this.s.forms.list(ctx, args);
  }

  @Authorized('admin')
  @Query(() => AdminFormType, { description: 'Admin: one form by id or slug' })
  adminForm(@Ctx() ctx: RequestContext, @Arg('id', { description: "The form's id or slug" }) id: string) {
    return this.s.forms.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminFormType, { description: 'Admin: a new form (active unless status says otherwise)' })
  createForm(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new form' }) input: CreateFormInput) {
    return this.s.forms.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => AdminFormType, { description: 'Admin: changes the fields given of a form' })
  updateForm(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The form id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateFormInput,
  ) {
    return this.s.forms.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Admin: deletes the form and its submissions' })
  deleteForm(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The form id' }) id: string) {
    return this.s.forms.delete(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => AdminFormType, { description: 'Admin: shows the form; a popup form only when no other popup form is active (409 popup_already_active)' })
  activateForm(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The form id' }) id: string) {
    return this.s.forms.setStatus(ctx, id, 'active');
  }

  @Authorized('admin')
  @Mutation(() => AdminFormType, { description: 'Admin: hides the form (its page and submissions answer 404)' })
  deactivateForm(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The form id' }) id: string) {
    return this.s.forms.setStatus(ctx, id, 'inactive');
  }

  @Authorized('admin')
  @Query(() => SubmissionListType, { description: "Admin: a form's submissions, newest first" })
  formSubmissions(@Ctx() ctx: RequestContext, @Args() args: SubmissionListArgs) {
    return this.s.submissions.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Admin: deletes one submission' })
  deleteFormSubmission(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The submission id' }) id: string) {
    return this.s.submissions.delete(ctx, id);
  }

  @Authorized('admin')
  @Query(() => VerifierType, { nullable: true, description: "Admin: the store's challenge verifier, if configured" })
  formVerifier(@Ctx() ctx: RequestContext) {
    return this.s.verifier.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => VerifierType, { description: 'Admin: configures the challenge verifier (the secret is stored encrypted)' })
  configureFormVerifier(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The provider, secret and options' }) input: FormVerifierInput) {
    return this.s.verifier.configure(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Admin: removes the challenge verifier (challenge_token is no longer checked)' })
  removeFormVerifier(@Ctx() ctx: RequestContext) {
    return this.s.verifier.remove(ctx);
  }
}
