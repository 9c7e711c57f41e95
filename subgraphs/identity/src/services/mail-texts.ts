import { fillIn, renderBrandedMail, wordsIn, type MailPart, type RenderedMail } from '@svc/kit';
import type { MailLook } from './mail-look';

/** The words of identity's mails per language (`{store}`, `{email}`, `{minutes}`, `{hours}`, `{days}` are filled in); other languages get English. */
interface IdentityWords {
  resetSubject: string;
  resetIntro: string;
  resetIntroAdmin: string;
  resetAction: string;
  resetCodeIntro: string;
  resetValidity: string;
  resetIgnore: string;
  verifySubject: string;
  verifyIntro: string;
  verifyAction: string;
  verifyValidity: string;
  verifyIgnore: string;
  changeSubject: string;
  changeIntro: string;
  changeAction: string;
  changeCodeIntro: string;
  changeValidity: string;
  changeIgnore: string;
  noticeSubject: string;
  noticeIntro: string;
  noticeAfter: string;
  noticeNotYou: string;
  exportSubject: string;
  exportIntro: string;
  exportAction: string;
  exportValidity: string;
  exportKeep: string;
}

const WORDS: { en: IdentityWords } & Record<string, IdentityWords> = {
  en: {
    resetSubject: 'Reset your password at {store}',
    resetIntro: 'Someone (hopefully you) asked to set a new password for your account at {store}.',
    resetIntroAdmin: 'Someone (hopefully you) asked to set a new password for your admin account at {store}.',
    resetAction: 'Choose a new password',
    resetCodeIntro: 'Give this reset code where the store asks for it to choose a new password:',
    resetValidity: 'It works once, within {minutes} minutes. Setting a new password signs you out everywhere.',
    resetIgnore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    verifySubject: 'Confirm your email address at {store}',
    verifyIntro: 'Please confirm that {email} is your address for your account at {store}.',
    verifyAction: 'Confirm my address',
    verifyValidity: 'The link works once, within {hours} hours.',
    verifyIgnore: 'If you did not create an account, ignore this mail.',
    changeSubject: 'Confirm your new email address at {store}',
    changeIntro: 'Someone (hopefully you) asked to make {email} the address of an account at {store}.',
    changeAction: 'Confirm the new address',
    changeCodeIntro: 'Give this confirmation code where the store asks for it:',
    changeValidity: 'It works once, within {minutes} minutes. Until then the account keeps its old address.',
    changeIgnore: 'If you did not ask for this, ignore this mail: nothing changes.',
    noticeSubject: 'Your email address at {store} is about to change',
    noticeIntro: 'Someone signed in to your account at {store} asked to change its address to {email}.',
    noticeAfter: 'The change happens only once the new address is confirmed; from then on you sign in with the new address.',
    noticeNotYou: 'If this was not you, reset your password now and contact the store.',
    exportSubject: 'Your data export from {store}',
    exportIntro: 'The export of your data at {store} is ready.',
    exportAction: 'Download my data',
    exportValidity: 'The link works for {days} days.',
    exportKeep: 'The link is the only key to the file: do not forward this mail.',
  },
  de: {
    resetSubject: 'Neues Passwort für {store}',
    resetIntro: 'Jemand (hoffentlich Sie) hat ein neues Passwort für Ihr Kundenkonto bei {store} angefordert.',
    resetIntroAdmin: 'Jemand (hoffentlich Sie) hat ein neues Passwort für Ihr Admin-Konto bei {store} angefordert.',
    resetAction: 'Neues Passwort wählen',
    resetCodeIntro: 'Geben Sie diesen Code dort ein, wo der Shop danach fragt, und wählen Sie ein neues Passwort:',
    resetValidity: 'Er gilt einmal und {minutes} Minuten lang. Mit dem neuen Passwort werden Sie überall abgemeldet.',
    resetIgnore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Mail: Ihr Passwort bleibt unverändert.',
    verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse bei {store}',
    verifyIntro: 'Bitte bestätigen Sie, dass {email} die Adresse Ihres Kundenkontos bei {store} ist.',
    verifyAction: 'Adresse bestätigen',
    verifyValidity: 'Der Link gilt einmal und {hours} Stunden lang.',
    verifyIgnore: 'Wenn Sie kein Konto angelegt haben, ignorieren Sie diese Mail.',
    changeSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse bei {store}',
    changeIntro: 'Jemand (hoffentlich Sie) möchte {email} zur Adresse eines Kundenkontos bei {store} machen.',
    changeAction: 'Neue Adresse bestätigen',
    changeCodeIntro: 'Geben Sie diesen Bestätigungscode dort ein, wo der Shop danach fragt:',
    changeValidity: 'Er gilt einmal und {minutes} Minuten lang. Bis dahin behält das Konto seine bisherige Adresse.',
    changeIgnore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Mail: es ändert sich nichts.',
    noticeSubject: 'Ihre E-Mail-Adresse bei {store} soll geändert werden',
    noticeIntro: 'In Ihrem Kundenkonto bei {store} wurde angefordert, die Adresse in {email} zu ändern.',
    noticeAfter: 'Die Änderung gilt erst, wenn die neue Adresse bestätigt ist; danach melden Sie sich mit der neuen Adresse an.',
    noticeNotYou: 'Wenn Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück und wenden Sie sich an den Shop.',
    exportSubject: 'Ihr Datenexport von {store}',
    exportIntro: 'Der Export Ihrer Daten bei {store} ist fertig.',
    exportAction: 'Meine Daten herunterladen',
    exportValidity: 'Der Link gilt {days} Tage lang.',
    exportKeep: 'Der Link ist der einzige Schlüssel zur Datei: Leiten Sie diese Mail nicht weiter.',
  },
};

/** identity's mails, in the look's language (English when it has no words of its own) and with its brand. */
export function identityMail(
  look: MailLook,
  build: (w: IdentityWords, fill: (template: string) => string) => { subject: string; parts: MailPart[]; footer?: string },
  values: Record<string, string | number> = {},
): RenderedMail {
  const { words } = wordsIn(WORDS, look.locale);
  const fill = (t: string) => fillIn(t, { store: look.brand.name, ...values });
  const m = build(words, fill);
  return renderBrandedMail({ locale: look.locale, brand: look.brand, subject: m.subject, parts: m.parts, footer: m.footer });
}
