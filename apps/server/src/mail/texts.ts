/**
 * The words of every mail in every language mail is written in (`templates.ts`). A template
 * missing a language, or a language missing a template, does not compile.
 */
import type {
  MailContent,
  MailLocale,
  SecurityEvent,
  TemplateTexts,
  TextHelpers,
} from './templates'
import { DAILY_SUMMARY_TEXTS } from './texts-daily-summary'

const ROLES: Record<MailLocale, Record<string, string>> = {
  en: { owner: 'owner', admin: 'admin', manager: 'manager', accountant: 'accountant' },
  de: { owner: 'Inhaber', admin: 'Administrator', manager: 'Manager', accountant: 'Buchhaltung' },
  es: {
    owner: 'propietario',
    admin: 'administrador',
    manager: 'gerente',
    accountant: 'contable',
  },
  fr: {
    owner: 'propriétaire',
    admin: 'administrateur',
    manager: 'responsable',
    accountant: 'comptable',
  },
}
const role = (l: MailLocale, r: string) => ROLES[l][r] ?? r

type Notice = MailTemplateDataOf<'security-notice'>
type MailTemplateDataOf<K extends keyof TemplateTexts> = Parameters<TemplateTexts[K]['en']>[0]

/** What each security event says: a subject and a sentence, per language. */
const EVENTS: Record<
  MailLocale,
  Record<SecurityEvent, (d: Notice, h: TextHelpers) => { subject: string; line: string }>
> = {
  en: {
    'new-sign-in': (d) => ({
      subject: 'New sign-in to your account',
      line: `Your account was signed in to from a browser it had not been used from before${d.subject ? ` (${d.subject})` : ''}.`,
    }),
    'password-changed': () => ({
      subject: 'Your password was changed',
      line: 'The password of your account was changed.',
    }),
    'two-factor-enabled': () => ({
      subject: 'Two-factor sign-in turned on',
      line: 'Two-factor sign-in was turned on for your account.',
    }),
    'two-factor-disabled': () => ({
      subject: 'Two-factor sign-in turned off',
      line: 'Two-factor sign-in was turned off for your account.',
    }),
    'passkey-added': (d) => ({
      subject: 'A passkey was added',
      line: `A passkey${d.subject ? ` (${d.subject})` : ''} was added to your account.`,
    }),
    'passkey-removed': (d) => ({
      subject: 'A passkey was removed',
      line: `A passkey${d.subject ? ` (${d.subject})` : ''} was removed from your account.`,
    }),
    'payout-sent': (d) => ({
      subject: 'A payout was sent',
      line: `A payout${d.amount ? ` of ${d.amount}` : ''} was sent${d.businessName ? ` from ${d.businessName}` : ''}${d.subject ? ` to ${d.subject}` : ''}.`,
    }),
    'wallet-replaced': (d) => ({
      subject: 'The wallet connection was replaced',
      line: `The wallet connection${d.businessName ? ` of ${d.businessName}` : ''} was replaced: payments now go to the new wallet.`,
    }),
    'device-login-created': (d) => ({
      subject: 'A device login was created',
      line: `A device login${d.subject ? ` (${d.subject})` : ''} was created${d.businessName ? ` for ${d.businessName}` : ''}.`,
    }),
    'api-key-created': (d) => ({
      subject: 'An API key was created',
      line: `An API key${d.subject ? ` (${d.subject})` : ''} was created${d.businessName ? ` for ${d.businessName}` : ''}: it lets a web shop request payments.`,
    }),
    'member-added': (d) => ({
      subject: 'A member was added',
      line: `${d.subject ?? 'A member'} was added${d.businessName ? ` to ${d.businessName}` : ''}.`,
    }),
    'member-removed': (d) => ({
      subject: 'A member was removed',
      line: `${d.subject ?? 'A member'} was removed${d.businessName ? ` from ${d.businessName}` : ''}.`,
    }),
  },
  de: {
    'new-sign-in': (d) => ({
      subject: 'Neue Anmeldung bei Ihrem Konto',
      line: `Ihr Konto wurde in einem Browser angemeldet, der bisher nicht verwendet wurde${d.subject ? ` (${d.subject})` : ''}.`,
    }),
    'password-changed': () => ({
      subject: 'Ihr Passwort wurde geändert',
      line: 'Das Passwort Ihres Kontos wurde geändert.',
    }),
    'two-factor-enabled': () => ({
      subject: 'Zwei-Faktor-Anmeldung eingeschaltet',
      line: 'Die Zwei-Faktor-Anmeldung wurde für Ihr Konto eingeschaltet.',
    }),
    'two-factor-disabled': () => ({
      subject: 'Zwei-Faktor-Anmeldung ausgeschaltet',
      line: 'Die Zwei-Faktor-Anmeldung wurde für Ihr Konto ausgeschaltet.',
    }),
    'passkey-added': (d) => ({
      subject: 'Ein Passkey wurde hinzugefügt',
      line: `Ihrem Konto wurde ein Passkey${d.subject ? ` (${d.subject})` : ''} hinzugefügt.`,
    }),
    'passkey-removed': (d) => ({
      subject: 'Ein Passkey wurde entfernt',
      line: `Ein Passkey${d.subject ? ` (${d.subject})` : ''} wurde aus Ihrem Konto entfernt.`,
    }),
    'payout-sent': (d) => ({
      subject: 'Eine Auszahlung wurde gesendet',
      line: `Eine Auszahlung${d.amount ? ` über ${d.amount}` : ''} wurde${d.businessName ? ` von ${d.businessName}` : ''}${d.subject ? ` an ${d.subject}` : ''} gesendet.`,
    }),
    'wallet-replaced': (d) => ({
      subject: 'Die Wallet-Verbindung wurde ersetzt',
      line: `Die Wallet-Verbindung${d.businessName ? ` von ${d.businessName}` : ''} wurde ersetzt: Zahlungen gehen jetzt an die neue Wallet.`,
    }),
    'device-login-created': (d) => ({
      subject: 'Ein Geräte-Login wurde erstellt',
      line: `Ein Geräte-Login${d.subject ? ` (${d.subject})` : ''} wurde${d.businessName ? ` für ${d.businessName}` : ''} erstellt.`,
    }),
    'api-key-created': (d) => ({
      subject: 'Ein API-Schlüssel wurde erstellt',
      line: `Ein API-Schlüssel${d.subject ? ` (${d.subject})` : ''} wurde${d.businessName ? ` für ${d.businessName}` : ''} erstellt: Mit ihm kann ein Webshop Zahlungen anfordern.`,
    }),
    'member-added': (d) => ({
      subject: 'Ein Mitglied wurde hinzugefügt',
      line: `${d.subject ?? 'Ein Mitglied'} wurde${d.businessName ? ` zu ${d.businessName}` : ''} hinzugefügt.`,
    }),
    'member-removed': (d) => ({
      subject: 'Ein Mitglied wurde entfernt',
      line: `${d.subject ?? 'Ein Mitglied'} wurde${d.businessName ? ` aus ${d.businessName}` : ''} entfernt.`,
    }),
  },
  es: {
    'new-sign-in': (d) => ({
      subject: 'Nuevo inicio de sesión en tu cuenta',
      line: `Se inició sesión en tu cuenta desde un navegador que no se había usado antes${d.subject ? ` (${d.subject})` : ''}.`,
    }),
    'password-changed': () => ({
      subject: 'Tu contraseña ha cambiado',
      line: 'Se cambió la contraseña de tu cuenta.',
    }),
    'two-factor-enabled': () => ({
      subject: 'Verificación en dos pasos activada',
      line: 'Se activó la verificación en dos pasos de tu cuenta.',
    }),
    'two-factor-disabled': () => ({
      subject: 'Verificación en dos pasos desactivada',
      line: 'Se desactivó la verificación en dos pasos de tu cuenta.',
    }),
    'passkey-added': (d) => ({
      subject: 'Se añadió una llave de acceso',
      line: `Se añadió una llave de acceso${d.subject ? ` (${d.subject})` : ''} a tu cuenta.`,
    }),
    'passkey-removed': (d) => ({
      subject: 'Se eliminó una llave de acceso',
      line: `Se eliminó una llave de acceso${d.subject ? ` (${d.subject})` : ''} de tu cuenta.`,
    }),
    'payout-sent': (d) => ({
      subject: 'Se envió un pago',
      line: `Se envió un pago${d.amount ? ` de ${d.amount}` : ''}${d.businessName ? ` desde ${d.businessName}` : ''}${d.subject ? ` a ${d.subject}` : ''}.`,
    }),
    'wallet-replaced': (d) => ({
      subject: 'Se reemplazó la conexión del monedero',
      line: `Se reemplazó la conexión del monedero${d.businessName ? ` de ${d.businessName}` : ''}: los pagos van ahora al nuevo monedero.`,
    }),
    'device-login-created': (d) => ({
      subject: 'Se creó un acceso de dispositivo',
      line: `Se creó un acceso de dispositivo${d.subject ? ` (${d.subject})` : ''}${d.businessName ? ` para ${d.businessName}` : ''}.`,
    }),
    'api-key-created': (d) => ({
      subject: 'Se creó una clave de API',
      line: `Se creó una clave de API${d.subject ? ` (${d.subject})` : ''}${d.businessName ? ` para ${d.businessName}` : ''}: permite a una tienda en línea solicitar pagos.`,
    }),
    'member-added': (d) => ({
      subject: 'Se añadió un miembro',
      line: `Se añadió a ${d.subject ?? 'un miembro'}${d.businessName ? ` a ${d.businessName}` : ''}.`,
    }),
    'member-removed': (d) => ({
      subject: 'Se eliminó un miembro',
      line: `Se eliminó a ${d.subject ?? 'un miembro'}${d.businessName ? ` de ${d.businessName}` : ''}.`,
    }),
  },
  fr: {
    'new-sign-in': (d) => ({
      subject: 'Nouvelle connexion à votre compte',
      line: `Votre compte a été connecté depuis un navigateur jamais utilisé auparavant${d.subject ? ` (${d.subject})` : ''}.`,
    }),
    'password-changed': () => ({
      subject: 'Votre mot de passe a été modifié',
      line: 'Le mot de passe de votre compte a été modifié.',
    }),
    'two-factor-enabled': () => ({
      subject: 'Connexion à deux facteurs activée',
      line: 'La connexion à deux facteurs a été activée pour votre compte.',
    }),
    'two-factor-disabled': () => ({
      subject: 'Connexion à deux facteurs désactivée',
      line: 'La connexion à deux facteurs a été désactivée pour votre compte.',
    }),
    'passkey-added': (d) => ({
      subject: 'Une clé d’accès a été ajoutée',
      line: `Une clé d’accès${d.subject ? ` (${d.subject})` : ''} a été ajoutée à votre compte.`,
    }),
    'passkey-removed': (d) => ({
      subject: 'Une clé d’accès a été supprimée',
      line: `Une clé d’accès${d.subject ? ` (${d.subject})` : ''} a été supprimée de votre compte.`,
    }),
    'payout-sent': (d) => ({
      subject: 'Un paiement sortant a été envoyé',
      line: `Un paiement sortant${d.amount ? ` de ${d.amount}` : ''} a été envoyé${d.businessName ? ` depuis ${d.businessName}` : ''}${d.subject ? ` vers ${d.subject}` : ''}.`,
    }),
    'wallet-replaced': (d) => ({
      subject: 'La connexion du portefeuille a été remplacée',
      line: `La connexion du portefeuille${d.businessName ? ` de ${d.businessName}` : ''} a été remplacée : les paiements vont désormais au nouveau portefeuille.`,
    }),
    'device-login-created': (d) => ({
      subject: 'Un accès appareil a été créé',
      line: `Un accès appareil${d.subject ? ` (${d.subject})` : ''} a été créé${d.businessName ? ` pour ${d.businessName}` : ''}.`,
    }),
    'api-key-created': (d) => ({
      subject: 'Une clé d’API a été créée',
      line: `Une clé d’API${d.subject ? ` (${d.subject})` : ''} a été créée${d.businessName ? ` pour ${d.businessName}` : ''} : elle permet à une boutique en ligne de demander des paiements.`,
    }),
    'member-added': (d) => ({
      subject: 'Un membre a été ajouté',
      line: `${d.subject ?? 'Un membre'} a été ajouté${d.businessName ? ` à ${d.businessName}` : ''}.`,
    }),
    'member-removed': (d) => ({
      subject: 'Un membre a été retiré',
      line: `${d.subject ?? 'Un membre'} a été retiré${d.businessName ? ` de ${d.businessName}` : ''}.`,
    }),
  },
}

const WHEN: Record<MailLocale, (at: string, from: string | undefined) => string> = {
  en: (at, from) => `When: ${at}${from ? ` · From: ${from}` : ''}`,
  de: (at, from) => `Wann: ${at}${from ? ` · Von: ${from}` : ''}`,
  es: (at, from) => `Cuándo: ${at}${from ? ` · Desde: ${from}` : ''}`,
  fr: (at, from) => `Quand : ${at}${from ? ` · Depuis : ${from}` : ''}`,
}

const NOT_YOU: Record<MailLocale, string> = {
  en: 'If this was you, there is nothing to do. If it was not, change your password at once and check your account’s sessions.',
  de: 'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, ändern Sie sofort Ihr Passwort und prüfen Sie die Sitzungen Ihres Kontos.',
  es: 'Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña de inmediato y revisa las sesiones de tu cuenta.',
  fr: 'Si c’était vous, il n’y a rien à faire. Sinon, changez immédiatement votre mot de passe et vérifiez les sessions de votre compte.',
}

function notice(l: MailLocale) {
  return (d: Notice, h: TextHelpers): MailContent => {
    const e = EVENTS[l][d.event](d, h)
    return {
      subject: e.subject,
      paragraphs: [e.line, WHEN[l](h.dateTime(d.at), d.from)],
      note: NOT_YOU[l],
    }
  }
}

export const MAIL_TEXTS: TemplateTexts = {
  invitation: {
    en: (d, h) => ({
      subject: `${d.inviterName} invites you to ${d.businessName}`,
      paragraphs: [
        'Hello,',
        `${d.inviterName} invites you to join ${d.businessName} on ${h.brand} as ${role('en', d.role)}.`,
        `The invitation is valid until ${h.dateTime(d.expiresAt)}. Sign up or sign in with this email address to accept it.`,
      ],
      action: { label: 'Accept the invitation', url: d.acceptUrl },
      note: 'If you did not expect this invitation, you can ignore this mail.',
    }),
    de: (d, h) => ({
      subject: `${d.inviterName} lädt Sie zu ${d.businessName} ein`,
      paragraphs: [
        'Hallo,',
        `${d.inviterName} lädt Sie ein, ${d.businessName} auf ${h.brand} als ${role('de', d.role)} beizutreten.`,
        `Die Einladung gilt bis ${h.dateTime(d.expiresAt)}. Registrieren Sie sich oder melden Sie sich mit dieser E-Mail-Adresse an, um sie anzunehmen.`,
      ],
      action: { label: 'Einladung annehmen', url: d.acceptUrl },
      note: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    }),
    es: (d, h) => ({
      subject: `${d.inviterName} te invita a ${d.businessName}`,
      paragraphs: [
        'Hola:',
        `${d.inviterName} te invita a unirte a ${d.businessName} en ${h.brand} como ${role('es', d.role)}.`,
        `La invitación es válida hasta el ${h.dateTime(d.expiresAt)}. Regístrate o inicia sesión con esta dirección de correo para aceptarla.`,
      ],
      action: { label: 'Aceptar la invitación', url: d.acceptUrl },
      note: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    }),
    fr: (d, h) => ({
      subject: `${d.inviterName} vous invite à rejoindre ${d.businessName}`,
      paragraphs: [
        'Bonjour,',
        `${d.inviterName} vous invite à rejoindre ${d.businessName} sur ${h.brand} en tant que ${role('fr', d.role)}.`,
        `L’invitation est valable jusqu’au ${h.dateTime(d.expiresAt)}. Inscrivez-vous ou connectez-vous avec cette adresse e-mail pour l’accepter.`,
      ],
      action: { label: 'Accepter l’invitation', url: d.acceptUrl },
      note: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
    }),
  },
  'password-reset': {
    en: (d) => ({
      subject: 'Reset your password',
      paragraphs: [
        'Hello,',
        `Someone asked to reset the password of the account with this email address. The link below is valid for ${d.expiresInMinutes} minutes and works once.`,
        'Resetting the password signs the account out everywhere. If two-factor sign-in is on, the next sign-in still asks for a code.',
      ],
      action: { label: 'Choose a new password', url: d.resetUrl },
      note: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    }),
    de: (d) => ({
      subject: 'Passwort zurücksetzen',
      paragraphs: [
        'Hallo,',
        `Jemand hat angefragt, das Passwort des Kontos mit dieser E-Mail-Adresse zurückzusetzen. Der Link unten gilt ${d.expiresInMinutes} Minuten und funktioniert einmal.`,
        'Das Zurücksetzen meldet das Konto überall ab. Ist die Zwei-Faktor-Anmeldung eingeschaltet, fragt die nächste Anmeldung weiterhin nach einem Code.',
      ],
      action: { label: 'Neues Passwort wählen', url: d.resetUrl },
      note: 'Wenn Sie das nicht angefragt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
    }),
    es: (d) => ({
      subject: 'Restablece tu contraseña',
      paragraphs: [
        'Hola:',
        `Alguien pidió restablecer la contraseña de la cuenta con esta dirección de correo. El enlace de abajo es válido durante ${d.expiresInMinutes} minutos y funciona una sola vez.`,
        'Restablecer la contraseña cierra la sesión de la cuenta en todas partes. Si la verificación en dos pasos está activada, el próximo inicio de sesión seguirá pidiendo un código.',
      ],
      action: { label: 'Elegir una nueva contraseña', url: d.resetUrl },
      note: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    }),
    fr: (d) => ({
      subject: 'Réinitialisez votre mot de passe',
      paragraphs: [
        'Bonjour,',
        `Quelqu’un a demandé à réinitialiser le mot de passe du compte associé à cette adresse e-mail. Le lien ci-dessous est valable ${d.expiresInMinutes} minutes et ne fonctionne qu’une fois.`,
        'La réinitialisation déconnecte le compte partout. Si la connexion à deux facteurs est activée, la prochaine connexion demandera toujours un code.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url: d.resetUrl },
      note: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
    }),
  },
  'verify-email': {
    en: (d, h) => ({
      subject: 'Confirm your email address',
      paragraphs: [
        'Hello,',
        `Please confirm that this is the email address of your ${h.brand} account. Invitations and payouts need a confirmed address.`,
      ],
      action: { label: 'Confirm my address', url: d.verifyUrl },
      note: 'If you did not create an account, you can ignore this mail.',
    }),
    de: (d, h) => ({
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        'Hallo,',
        `Bitte bestätigen Sie, dass dies die E-Mail-Adresse Ihres ${h.brand}-Kontos ist. Einladungen und Auszahlungen brauchen eine bestätigte Adresse.`,
      ],
      action: { label: 'Adresse bestätigen', url: d.verifyUrl },
      note: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    }),
    es: (d, h) => ({
      subject: 'Confirma tu dirección de correo',
      paragraphs: [
        'Hola:',
        `Confirma que esta es la dirección de correo de tu cuenta de ${h.brand}. Las invitaciones y los pagos salientes necesitan una dirección confirmada.`,
      ],
      action: { label: 'Confirmar mi dirección', url: d.verifyUrl },
      note: 'Si no creaste una cuenta, puedes ignorar este correo.',
    }),
    fr: (d, h) => ({
      subject: 'Confirmez votre adresse e-mail',
      paragraphs: [
        'Bonjour,',
        `Merci de confirmer qu’il s’agit bien de l’adresse e-mail de votre compte ${h.brand}. Les invitations et les paiements sortants nécessitent une adresse confirmée.`,
      ],
      action: { label: 'Confirmer mon adresse', url: d.verifyUrl },
      note: 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
    }),
  },
  'email-change-confirm': {
    en: (d, h) => ({
      subject: 'Confirm your new email address',
      paragraphs: [
        'Hello,',
        `Your ${h.brand} account is to use ${d.newEmail} from now on. Confirm the change with the link below (valid for ${d.expiresInMinutes} minutes); until then the old address stays in use.`,
      ],
      action: { label: 'Confirm the new address', url: d.confirmUrl },
      note: 'If you did not ask for this, ignore this mail and nothing changes.',
    }),
    de: (d, h) => ({
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      paragraphs: [
        'Hallo,',
        `Ihr ${h.brand}-Konto soll künftig ${d.newEmail} verwenden. Bestätigen Sie die Änderung mit dem Link unten (gültig ${d.expiresInMinutes} Minuten); bis dahin bleibt die alte Adresse in Gebrauch.`,
      ],
      action: { label: 'Neue Adresse bestätigen', url: d.confirmUrl },
      note: 'Wenn Sie das nicht angefragt haben, ignorieren Sie diese E-Mail, und nichts ändert sich.',
    }),
    es: (d, h) => ({
      subject: 'Confirma tu nueva dirección de correo',
      paragraphs: [
        'Hola:',
        `Tu cuenta de ${h.brand} va a usar ${d.newEmail} a partir de ahora. Confirma el cambio con el enlace de abajo (válido durante ${d.expiresInMinutes} minutos); hasta entonces se sigue usando la dirección anterior.`,
      ],
      action: { label: 'Confirmar la nueva dirección', url: d.confirmUrl },
      note: 'Si no lo pediste, ignora este correo y no cambiará nada.',
    }),
    fr: (d, h) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail',
      paragraphs: [
        'Bonjour,',
        `Votre compte ${h.brand} doit désormais utiliser ${d.newEmail}. Confirmez le changement avec le lien ci-dessous (valable ${d.expiresInMinutes} minutes) ; d’ici là, l’ancienne adresse reste utilisée.`,
      ],
      action: { label: 'Confirmer la nouvelle adresse', url: d.confirmUrl },
      note: 'Si vous n’avez rien demandé, ignorez cet e-mail et rien ne change.',
    }),
  },
  'email-changed': {
    en: (d, h) => ({
      subject: 'Your email address was changed',
      paragraphs: [
        'Hello,',
        `The email address of your ${h.brand} account was changed to ${d.newEmail}. Mail about the account now goes there, and you sign in with it.`,
      ],
      note: 'If you did not do this, contact support at once: someone else may have access to your account.',
    }),
    de: (d, h) => ({
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      paragraphs: [
        'Hallo,',
        `Die E-Mail-Adresse Ihres ${h.brand}-Kontos wurde in ${d.newEmail} geändert. E-Mails zum Konto gehen jetzt dorthin, und Sie melden sich damit an.`,
      ],
      note: 'Wenn Sie das nicht waren, wenden Sie sich sofort an den Support: Jemand anderes hat möglicherweise Zugriff auf Ihr Konto.',
    }),
    es: (d, h) => ({
      subject: 'Tu dirección de correo ha cambiado',
      paragraphs: [
        'Hola:',
        `La dirección de correo de tu cuenta de ${h.brand} se cambió a ${d.newEmail}. Los correos sobre la cuenta llegan ahora allí, y con ella inicias sesión.`,
      ],
      note: 'Si no fuiste tú, contacta con soporte de inmediato: puede que otra persona tenga acceso a tu cuenta.',
    }),
    fr: (d, h) => ({
      subject: 'Votre adresse e-mail a été modifiée',
      paragraphs: [
        'Bonjour,',
        `L’adresse e-mail de votre compte ${h.brand} a été remplacée par ${d.newEmail}. Les e-mails concernant le compte y sont désormais envoyés, et vous vous connectez avec elle.`,
      ],
      note: 'Si ce n’était pas vous, contactez immédiatement le support : quelqu’un d’autre a peut-être accès à votre compte.',
    }),
  },
  'security-notice': { en: notice('en'), de: notice('de'), es: notice('es'), fr: notice('fr') },
  'daily-summary': DAILY_SUMMARY_TEXTS,
}
