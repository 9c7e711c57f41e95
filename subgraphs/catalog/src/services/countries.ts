/** ISO 3166-1: alpha-2 -> [alpha-3, numeric, English name]. */
export const COUNTRIES: Record<string, [string, string, string]> = {
  ar: ['arg', '032', 'Argentina'], at: ['aut', '040', 'Austria'], au: ['aus', '036', 'Australia'], be: ['bel', '056', 'Belgium'],
  bg: ['bgr', '100', 'Bulgaria'], br: ['bra', '076', 'Brazil'], ca: ['can', '124', 'Canada'], ch: ['che', '756', 'Switzerland'],
  cl: ['chl', '152', 'Chile'], cn: ['chn', '156', 'China'], co: ['col', '170', 'Colombia'], cy: ['cyp', '196', 'Cyprus'],
  cz: ['cze', '203', 'Czechia'], de: ['deu', '276', 'Germany'], dk: ['dnk', '208', 'Denmark'], ee: ['est', '233', 'Estonia'],
  eg: ['egy', '818', 'Egypt'], es: ['esp', '724', 'Spain'], fi: ['fin', '246', 'Finland'], fr: ['fra', '250', 'France'],
  gb: ['gbr', '826', 'United Kingdom'], gr: ['grc', '300', 'Greece'], hk: ['hkg', '344', 'Hong Kong'], hr: ['hrv', '191', 'Croatia'],
  hu: ['hun', '348', 'Hungary'], id: ['idn', '360', 'Indonesia'], ie: ['irl', '372', 'Ireland'], il: ['isr', '376', 'Israel'],
  in: ['ind', '356', 'India'], is: ['isl', '352', 'Iceland'], it: ['ita', '380', 'Italy'], jp: ['jpn', '392', 'Japan'],
  kr: ['kor', '410', 'South Korea'], lt: ['ltu', '440', 'Lithuania'], lu: ['lux', '442', 'Luxembourg'], lv: ['lva', '428', 'Latvia'],
  ma: ['mar', '504', 'Morocco'], mt: ['mlt', '470', 'Malta'], mx: ['mex', '484', 'Mexico'], my: ['mys', '458', 'Malaysia'],
  ng: ['nga', '566', 'Nigeria'], nl: ['nld', '528', 'Netherlands'], no: ['nor', '578', 'Norway'], nz: ['nzl', '554', 'New Zealand'],
  pe: ['per', '604', 'Peru'], ph: ['phl', '608', 'Philippines'], pl: ['pol', '616', 'Poland'], pt: ['prt', '620', 'Portugal'],
  ro: ['rou', '642', 'Romania'], rs: ['srb', '688', 'Serbia'], sa: ['sau', '682', 'Saudi Arabia'], se: ['swe', '752', 'Sweden'],
  sg: ['sgp', '702', 'Singapore'], si: ['svn', '705', 'Slovenia'], sk: ['svk', '703', 'Slovakia'], th: ['tha', '764', 'Thailand'],
  tr: ['tur', '792', 'Turkey'], tw: ['twn', '158', 'Taiwan'], ua: ['ukr', '804', 'Ukraine'], us: ['usa', '840', 'United States'],
  vn: ['vnm', '704', 'Vietnam'], za: ['zaf', '710', 'South Africa'], ae: ['are', '784', 'United Arab Emirates'],
};
