/**
 * The words of the daily sales summary (`daily-summary`) in every language mail is written in:
 * the day's settled payments, their total in sats and in the business's currency, the tips among
 * them and the split by payment method, with a link to the dashboard. A day without sales says
 * so in one line.
 */
import type {
  DailySummaryData,
  DailySummaryMethod,
  MailContent,
  MailLocale,
  TemplateTexts,
} from './templates'

type Method = DailySummaryMethod['method']

interface Words {
  subject: (business: string, day: string) => string
  greeting: string
  sold: (count: number, business: string, day: string) => string
  nothing: (business: string, day: string) => string
  total: (sats: string, fiat: string) => string
  tips: (count: number, sats: string, fiat: string) => string
  byMethod: string
  method: (label: string, count: number, sats: string, fiat: string) => string
  methods: Record<Method, string>
  action: string
  note: string
  sats: (n: string) => string
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    subject: (b, d) => `${b}: sales on ${d}`,
    greeting: 'Hello,',
    sold: (n, b, d) => `${b} settled ${n === 1 ? '1 payment' : `${n} payments`} on ${d} (UTC day).`,
    nothing: (b, d) => `${b} settled no payments on ${d} (UTC day).`,
    total: (s, f) => `Total: ${s} (${f})`,
    tips: (n, s, f) => `Tips among them: ${s} (${f}) in ${n === 1 ? '1 payment' : `${n} payments`}`,
    byMethod: 'By payment method:',
    method: (l, n, s, f) => `${l}: ${n === 1 ? '1 payment' : `${n} payments`}, ${s} (${f})`,
    methods: { lightning: 'Lightning', onchain: 'On-chain', ecash: 'Ecash', tip: 'Tip pages' },
    action: 'Open the dashboard',
    note: 'You receive this summary because you turned it on for this business (Team page). Turn it off there at any time.',
    sats: (n) => `${n} sats`,
  },
  de: {
    subject: (b, d) => `${b}: Umsätze am ${d}`,
    greeting: 'Hallo,',
    sold: (n, b, d) =>
      `${b} hat am ${d} (UTC-Tag) ${n === 1 ? '1 Zahlung' : `${n} Zahlungen`} erhalten.`,
    nothing: (b, d) => `${b} hat am ${d} (UTC-Tag) keine Zahlungen erhalten.`,
    total: (s, f) => `Summe: ${s} (${f})`,
    tips: (n, s, f) =>
      `Davon Trinkgeld: ${s} (${f}) in ${n === 1 ? '1 Zahlung' : `${n} Zahlungen`}`,
    byMethod: 'Nach Zahlungsart:',
    method: (l, n, s, f) => `${l}: ${n === 1 ? '1 Zahlung' : `${n} Zahlungen`}, ${s} (${f})`,
    methods: {
      lightning: 'Lightning',
      onchain: 'On-Chain',
      ecash: 'Ecash',
      tip: 'Trinkgeldseiten',
    },
    action: 'Dashboard öffnen',
    note: 'Sie erhalten diese Zusammenfassung, weil Sie sie für dieses Unternehmen eingeschaltet haben (Seite „Team“). Dort können Sie sie jederzeit ausschalten.',
    sats: (n) => `${n} sats`,
  },
  es: {
    subject: (b, d) => `${b}: ventas del ${d}`,
    greeting: 'Hola:',
    sold: (n, b, d) => `${b} cobró ${n === 1 ? '1 pago' : `${n} pagos`} el ${d} (día UTC).`,
    nothing: (b, d) => `${b} no cobró ningún pago el ${d} (día UTC).`,
    total: (s, f) => `Total: ${s} (${f})`,
    tips: (n, s, f) => `Propinas incluidas: ${s} (${f}) en ${n === 1 ? '1 pago' : `${n} pagos`}`,
    byMethod: 'Por método de pago:',
    method: (l, n, s, f) => `${l}: ${n === 1 ? '1 pago' : `${n} pagos`}, ${s} (${f})`,
    methods: {
      lightning: 'Lightning',
      onchain: 'On-chain',
      ecash: 'Ecash',
      tip: 'Páginas de propinas',
    },
    action: 'Abrir el panel',
    note: 'Recibes este resumen porque lo activaste para este negocio (página Equipo). Puedes desactivarlo allí cuando quieras.',
    sats: (n) => `${n} sats`,
  },
  fr: {
    subject: (b, d) => `${b} : ventes du ${d}`,
    greeting: 'Bonjour,',
    sold: (n, b, d) =>
      `${b} a encaissé ${n === 1 ? '1 paiement' : `${n} paiements`} le ${d} (jour UTC).`,
    nothing: (b, d) => `${b} n’a encaissé aucun paiement le ${d} (jour UTC).`,
    total: (s, f) => `Total : ${s} (${f})`,
    tips: (n, s, f) =>
      `Dont pourboires : ${s} (${f}) sur ${n === 1 ? '1 paiement' : `${n} paiements`}`,
    byMethod: 'Par moyen de paiement :',
    method: (l, n, s, f) => `${l} : ${n === 1 ? '1 paiement' : `${n} paiements`}, ${s} (${f})`,
    methods: {
      lightning: 'Lightning',
      onchain: 'On-chain',
      ecash: 'Ecash',
      tip: 'Pages de pourboires',
    },
    action: 'Ouvrir le tableau de bord',
    note: 'Vous recevez ce résumé parce que vous l’avez activé pour cette entreprise (page Équipe). Vous pouvez le désactiver à tout moment.',
    sats: (n) => `${n} sats`,
  },
}

function summary(l: MailLocale) {
  const w = WORDS[l]
  const number = new Intl.NumberFormat(l)
  const day = (iso: string) =>
    new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    )
  return (d: DailySummaryData): MailContent => {
    const fiat = (minor: number) =>
      new Intl.NumberFormat(l, { style: 'currency', currency: d.currency }).format(minor / 100)
    const sats = (n: number) => w.sats(number.format(n))
    const date = day(d.day)
    const figures =
      d.count === 0
        ? [w.nothing(d.businessName, date)]
        : [
            w.sold(d.count, d.businessName, date),
            w.total(sats(d.amountSat), fiat(d.fiatMinor)),
            ...(d.tips.count > 0
              ? [w.tips(d.tips.count, sats(d.tips.amountSat), fiat(d.tips.fiatMinor))]
              : []),
            [
              w.byMethod,
              ...d.methods.map(
                (m) =>
                  `• ${w.method(w.methods[m.method], m.count, sats(m.amountSat), fiat(m.fiatMinor))}`,
              ),
            ].join('\n'),
          ]
    return {
      subject: w.subject(d.businessName, date),
      paragraphs: [w.greeting, ...figures],
      action: { label: w.action, url: d.dashboardUrl },
      note: w.note,
    }
  }
}

export const DAILY_SUMMARY_TEXTS: TemplateTexts['daily-summary'] = {
  en: summary('en'),
  de: summary('de'),
  es: summary('es'),
  fr: summary('fr'),
}
