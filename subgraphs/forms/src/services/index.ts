import { Store, createMailer, type Mailer, type ServiceFactoryArgs } from '@svc/kit';
import { FormService } from './form.service';
import { SubmissionService } from './submission.service';
import { VerifierService } from './verifier.service';

/** forms's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface FormsServices {
  store: Store;
  forms: FormService;
  submissions: SubmissionService;
  verifier: VerifierService;
  /** the platform mailer (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: Mailer;
}

export function createFormsServices({ orm, deps }: ServiceFactoryArgs): FormsServices {
  const store = new Store(orm);
  const mailer = createMailer(deps.config);
  if (deps.config.env === 'production' && !deps.config.smtpUrl)
    deps.log.warn({ dir: `${deps.config.dataDir}/mail` }, 'SMTP_URL is not set: notification mails are written as .eml files, not sent');
  const forms = new FormService(store);
  const verifier = new VerifierService(store, deps.config.secretsKey, deps.config.env === 'production');
  return { store, forms, verifier, mailer, submissions: new SubmissionService(store, forms, verifier, mailer, deps.config.secretsKey, () => deps.graph) };
}
