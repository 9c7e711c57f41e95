import { Store, createStoreMailer, type StoreMailer, type ServiceFactoryArgs } from '@svc/kit';
import { FormsStoreMailDocument } from '../ports/generated';
import { FormService } from './form.service';
import { SubmissionService } from './submission.service';
import { VerifierService } from './verifier.service';

/** forms's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface FormsServices {
  store: Store;
  forms: FormService;
  submissions: SubmissionService;
  verifier: VerifierService;
  /** the store's mailer: its sender and own SMTP server (identity's mail settings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
}

export function createFormsServices({ orm, deps }: ServiceFactoryArgs): FormsServices {
  const store = new Store(orm);
  const mailer = createStoreMailer(deps, FormsStoreMailDocument);
  if (deps.config.env === 'production' && !deps.config.smtpUrl)
    deps.log.warn({ dir: `${deps.config.dataDir}/mail` }, 'SMTP_URL is not set: notification mails are written as .eml files, not sent');
  const forms = new FormService(store);
  const verifier = new VerifierService(store, deps.config.secretsKey, deps.config.env === 'production');
  return { store, forms, verifier, mailer, submissions: new SubmissionService(store, forms, verifier, mailer, deps.config.secretsKey, () => deps.graph) };
}
