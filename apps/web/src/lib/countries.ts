import { browserLanguage } from './money.ts';

// The country selects (the checkout's billing country, the basket's VAT country, Settings ›
// Billing): every ISO 3166-1 alpha-2 code, named in the buyer's language by Intl.DisplayNames (no
// country-name package), sorted by that name.

const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface CountryOption {
  code: string;
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country as { code, name }, sorted by the name in `language`. */
export function countryOptions(language: string = browserLanguage()): CountryOption[] {
  let options = cache.get(language);
  if (!options) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region' });
    }
    const collator = new Intl.Collator(language);
    options = countryCodes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((first, second) => collator.compare(first.name, second.name));
    cache.set(language, options);
  }
  return options;
}

// Intl.Locale's maximize loads likely-subtags data: several milliseconds on a phone's first page,
// in the task that asks for the basket. Most browsers' tags name their region ('en-US'), which is
// read from the tag itself; only a tag without one ('de') is maximised. One answer per tag is kept.
const browserCountries = new Map<string, string>();

/** The region subtag of a well-formed tag ('de-AT' -> 'AT', 'zh-Hant-TW' -> 'TW'), else null. */
function regionSubtag(language: string): string | null {
  return /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:-|$)/.exec(language)?.[1]?.toUpperCase() ?? null;
}

/** The country of the browser's language tag ('de-AT' -> 'AT', 'de' -> 'DE') when it is one we list, else ''. */
export function browserCountry(language: string = browserLanguage()): string {
  let country = browserCountries.get(language);
  if (country === undefined) {
    let region = regionSubtag(language);
    try {
      region ??= new Intl.Locale(language).maximize().region ?? '';
    } catch {
      region = '';
    }
    country = countryCodes.includes(region) ? region : '';
    browserCountries.set(language, country);
  }
  return country;
}

/** The name of a listed country in `language` ('FR' -> 'France'); the code itself for one we do not list. */
export function countryName(code: string, language: string = browserLanguage()): string {
  return countryOptions(language).find((option) => option.code === code)?.name ?? code;
}

/** A country the billing form can price for: a listed ISO 3166-1 alpha-2 code (not the empty choice). */
export function isListedCountry(code: string): boolean {
  return countryCodes.includes(code);
}
