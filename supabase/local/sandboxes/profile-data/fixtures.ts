/**
 * The profiles the profile-data sandbox knows, keyed by the `/in/<slug>` of their URL. Each is
 * a whole RapidAPI "get-profile-data-by-url" body built by `shape.ts`, with the gaps that real
 * profiles have made explicit: no positions, no education, no geo, a summary longer than Notion's
 * 2000-character text limit, names and headlines outside ASCII.
 *
 * What must stay true: at least a dozen public profiles; the private profiles and any unknown
 * slug are answered as "not found" by the sandbox, never with a made-up profile.
 */
import { education, position, profile, type Profile } from './shape.ts';

export type { Profile } from './shape.ts';

const geo = (city: string, country: string, countryCode: string) => ({
  city,
  country,
  countryCode,
  full: `${city}, ${country}`,
});

const LONG_SUMMARY = Array.from(
  { length: 30 },
  (_, i) =>
    `Chapter ${i + 1}: fifteen years of building sales teams, from first hire to a hundred reps, across three continents.`,
).join('\n');

export const PUBLIC_PROFILES: Profile[] = [
  profile({
    username: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    headline: 'Head of Analytics at Analytical Engines Ltd',
    summary: 'Poetical scientist. I translate engines into numbers and numbers into decisions.',
    geo: geo('London', 'United Kingdom', 'GB'),
    positions: [
      position('Analytical Engines Ltd', 'Head of Analytics', { year: 2019, month: 3, day: 1 }),
      position('Difference Works', 'Analyst', { year: 2014, month: 9, day: 1 }, { year: 2019, month: 2, day: 28 }),
    ],
    educations: [education('University of London', 'BSc', 'Mathematics')],
    extra: { isPremium: true, skills: [{ name: 'Analytics', passedSkillAssessment: true, endorsementsCount: 42 }] },
  }),
  profile({
    username: 'zoe-muller',
    firstName: 'Zoë',
    lastName: 'Müller',
    headline: 'Geschäftsführerin bei Größe & Söhne GmbH',
    summary: 'Vertrieb, Kundenbindung und Qualität — seit über zehn Jahren.',
    geo: geo('München', 'Deutschland', 'DE'),
    positions: [position('Größe & Söhne GmbH', 'Geschäftsführerin', { year: 2020, month: 1, day: 1 })],
    educations: [education('Ludwig-Maximilians-Universität München', 'Master', 'Betriebswirtschaftslehre')],
  }),
  profile({
    username: 'jose-garcia-nunez',
    firstName: 'José',
    lastName: 'García Núñez',
    headline: 'Director comercial en Compañía Ibérica',
    summary: 'Ayudo a equipos de ventas a crecer en España y Latinoamérica.',
    geo: geo('Málaga', 'España', 'ES'),
    positions: [position('Compañía Ibérica', 'Director comercial', { year: 2018, month: 6, day: 1 })],
    educations: [education('Universidad de Sevilla', 'Licenciatura', 'Economía')],
  }),
  profile({
    username: 'li-wei',
    firstName: '伟',
    lastName: '李',
    headline: '销售总监 · 深圳科技有限公司',
    summary: '专注于企业客户关系管理。',
    geo: geo('深圳', '中国', 'CN'),
    positions: [position('深圳科技有限公司', '销售总监', { year: 2017, month: 4, day: 1 })],
    educations: [education('清华大学', '学士', '计算机科学')],
  }),
  profile({
    username: 'yuki-tanaka',
    firstName: '由紀',
    lastName: '田中',
    headline: '営業部長｜株式会社サンプル',
    summary: 'お客様との長期的な関係づくりを大切にしています。',
    geo: geo('東京', '日本', 'JP'),
    positions: [position('株式会社サンプル', '営業部長', { year: 2016, month: 10, day: 1 })],
    educations: [education('東京大学', '学士', '経済学')],
  }),
  profile({
    username: 'olga-ivanova',
    firstName: 'Ольга',
    lastName: 'Иванова',
    headline: 'Руководитель отдела продаж, ООО «Север»',
    summary: 'B2B-продажи и развитие партнёрской сети.',
    geo: geo('Санкт-Петербург', 'Россия', 'RU'),
    positions: [position('ООО «Север»', 'Руководитель отдела продаж', { year: 2015, month: 2, day: 1 })],
    educations: [education('Санкт-Петербургский государственный университет', 'Магистр', 'Маркетинг')],
  }),
  profile({
    username: 'amira-haddad',
    firstName: 'أميرة',
    lastName: 'حداد',
    headline: 'مديرة تطوير الأعمال في شركة الأفق',
    summary: 'أبني شراكات طويلة الأمد في منطقة الخليج.',
    geo: geo('دبي', 'الإمارات العربية المتحدة', 'AE'),
    positions: [position('شركة الأفق', 'مديرة تطوير الأعمال', { year: 2021, month: 5, day: 1 })],
    educations: [education('الجامعة الأمريكية في بيروت', 'بكالوريوس', 'إدارة الأعمال')],
  }),
  profile({
    username: 'chloe-obrien',
    firstName: 'Chloé',
    lastName: "O'Brien-Łukasik",
    headline: '🚀 Growth @ Rocket & Co · ex-Founder 🌱',
    summary: 'Emoji-friendly growth marketer ✨ — "quotes", <angle brackets> & ampersands.',
    geo: geo('Dublin', 'Ireland', 'IE'),
    positions: [position('Rocket & Co', 'Growth Lead', { year: 2022, month: 2, day: 1 })],
    educations: [education('Trinity College Dublin', 'BA', 'Marketing')],
  }),
  profile({
    username: 'long-summary',
    firstName: 'Morgan',
    lastName: 'Verbose',
    headline: 'VP Sales at Wordy Inc.',
    summary: LONG_SUMMARY,
    geo: geo('Austin', 'United States', 'US'),
    positions: [position('Wordy Inc.', 'VP Sales', { year: 2012, month: 1, day: 1 })],
    educations: [education('University of Texas at Austin', 'BBA', 'Business')],
  }),
  profile({
    username: 'no-positions',
    firstName: 'Sam',
    lastName: 'Student',
    headline: 'Student at École Polytechnique',
    summary: 'Looking for my first role in sales engineering.',
    geo: geo('Paris', 'France', 'FR'),
    positions: [],
    educations: [education('École Polytechnique', 'Diplôme d’ingénieur', 'Informatique')],
  }),
  profile({
    username: 'no-education',
    firstName: 'Riley',
    lastName: 'Selftaught',
    headline: 'Founder at Bootstrapped Co',
    summary: 'Learned everything on the job.',
    geo: geo('Toronto', 'Canada', 'CA'),
    positions: [position('Bootstrapped Co', 'Founder', { year: 2010, month: 7, day: 1 })],
    educations: [],
  }),
  profile({
    username: 'no-geo',
    firstName: 'Alex',
    lastName: 'Nowhere',
    headline: 'Consultant',
    summary: 'Location withheld.',
    positions: [position('Independent', 'Consultant', { year: 2019, month: 1, day: 1 })],
    educations: [education('Open University', 'BSc', 'Economics')],
  }),
  profile({
    username: 'open-to-work',
    firstName: 'Jordan',
    lastName: 'Seeker',
    headline: 'Account Executive | Open to new opportunities',
    summary: 'SaaS account executive, 120% of quota three years running.',
    geo: geo('Berlin', 'Germany', 'DE'),
    positions: [
      position(
        'Acme SaaS',
        'Senior Account Executive',
        { year: 2021, month: 3, day: 1 },
        { year: 2024, month: 6, day: 30 },
      ),
      position('Acme SaaS', 'Account Executive', { year: 2019, month: 1, day: 1 }, { year: 2021, month: 2, day: 28 }),
      position('Beta GmbH', 'SDR', { year: 2017, month: 5, day: 1 }, { year: 2018, month: 12, day: 31 }),
    ],
    educations: [education('Freie Universität Berlin', 'BA', 'Communication')],
    extra: { isOpenToWork: true },
  }),
  profile({
    username: 'minimal',
    firstName: 'Min',
    lastName: 'Imal',
  }),
];

/** Profiles whose owners hide them from the API: answered exactly like unknown ones. */
export const PRIVATE_PROFILE_SLUGS = ['private-profile'];

export const PROFILES_BY_SLUG: ReadonlyMap<string, Profile> = new Map(
  PUBLIC_PROFILES.map((p) => [p.username.toLowerCase(), p]),
);
