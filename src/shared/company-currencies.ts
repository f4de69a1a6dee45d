/**
 * The ISO 4217 codes a business may keep its prices in: those both runtimes that show a price know, Node's
 * ICU on the server (assistant answers, Telegram messages) and the browsers' (the portal). Node 20 also knows
 * SLE, XCG and ZWG, which Chromium does not: a business saved with one through the API would be refused by its
 * own Settings form, so neither side offers them. tests/server/company-currencies.test.ts holds the list to
 * Node's own; the settings e2e to Chromium's. A code a runtime learns later is added here, by hand, once both
 * know it (see docs/spec-notes.md, Settings).
 */
export const COMPANY_CURRENCIES: readonly string[] = `
  AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN
  BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL
  GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF
  KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR
  MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG
  SEK SGD SHP SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU
  UZS VES VND VUV WST XAF XCD XDR XOF XPF XSU YER ZAR ZMW ZWL
`
  .trim()
  .split(/\s+/);

const known: ReadonlySet<string> = new Set(COMPANY_CURRENCIES);

/** One of COMPANY_CURRENCIES ("USD", not "usd", "XYZ" nor "SLE"). */
export const isCompanyCurrency = (code: string): boolean => known.has(code);
