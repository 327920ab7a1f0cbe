/**
 * How the profile-data sandbox builds a RapidAPI "get-profile-data-by-url" body (the shape in
 * external-apis.md §C): one complete default, so every fixture carries every field the real
 * API sends, with only what makes each fixture different given by `fixtures.ts`.
 */

export type DateParts = { year: number; month: number; day: number };

export interface Position {
  companyId: number | null;
  companyName: string | null;
  companyUsername: string | null;
  companyURL: string | null;
  companyLogo: string | null;
  companyIndustry: string | null;
  companyStaffCountRange: string | null;
  title: string | null;
  multiLocaleTitle: Record<string, string>;
  multiLocaleCompanyName: Record<string, string>;
  location: string | null;
  description: string | null;
  employmentType: string | null;
  start: DateParts;
  end: DateParts;
}

export type Profile = Record<string, unknown> & { username: string; firstName: string; lastName: string };

/** The current role's `end` as consumers observe it: all zeros. */
const CURRENT: DateParts = { year: 0, month: 0, day: 0 };

export function position(companyName: string, title: string, start: DateParts, end = CURRENT): Position {
  const companyUsername = companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    companyId: 1000 + companyName.length,
    companyName,
    companyUsername,
    companyURL: `https://www.linkedin.com/company/${companyUsername}/`,
    companyLogo: `https://media.licdn.com/dms/image/company-logo_200_200/${companyUsername}.png`,
    companyIndustry: 'Software Development',
    companyStaffCountRange: '51 - 200',
    title,
    multiLocaleTitle: { en_US: title },
    multiLocaleCompanyName: { en_US: companyName },
    location: null,
    description: null,
    employmentType: 'Full-time',
    start,
    end,
  };
}

export function education(schoolName: string, degree: string | null, fieldOfStudy: string | null) {
  return {
    start: { year: 2008, month: 0, day: 0 },
    end: { year: 2012, month: 0, day: 0 },
    fieldOfStudy,
    degree,
    grade: null,
    schoolName,
    description: null,
    activities: null,
    url: `https://www.linkedin.com/school/${schoolName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
    schoolId: String(5000 + schoolName.length),
    logo: [{ url: 'https://media.licdn.com/dms/image/school-logo_100_100/logo.png', width: 100, height: 100 }],
  };
}

let nextId = 19186400;

interface ProfileParts {
  username: string;
  firstName: string;
  lastName: string;
  headline?: string;
  summary?: string;
  geo?: { country: string; city: string; full: string; countryCode: string } | null;
  positions?: Position[];
  educations?: ReturnType<typeof education>[];
  extra?: Record<string, unknown>;
}

export function profile(parts: ProfileParts): Profile {
  const id = nextId++;
  const positions = parts.positions ?? [];
  const body: Profile = {
    id,
    urn: `ACoAA${id.toString(36).toUpperCase()}BxYzSandboxUrn`,
    username: parts.username,
    firstName: parts.firstName,
    lastName: parts.lastName,
    isCreator: false,
    isOpenToWork: false,
    isHiring: false,
    isTopVoice: false,
    isPremium: false,
    profilePicture: `https://media.licdn.com/dms/image/profile-displayphoto-shrink_800_800/${parts.username}.jpg`,
    backgroundImage: [{ width: 1584, height: 396, url: `https://media.licdn.com/dms/image/bg/${parts.username}.jpg` }],
    summary: parts.summary ?? '',
    headline: parts.headline ?? '',
    geo: parts.geo,
    languages: null,
    educations: parts.educations ?? [],
    // `position` groups roles by company; `fullPositions` lists every role (consumers prefer it).
    position: positions.filter((p, i) => positions.findIndex((q) => q.companyName === p.companyName) === i),
    fullPositions: positions,
    skills: [],
    givenRecommendation: [],
    givenRecommendationCount: 0,
    receivedRecommendation: [],
    receivedRecommendationCount: 0,
    courses: [],
    certifications: [],
    honors: [],
    projects: { total: 0, items: [] },
    volunteering: [],
    supportedLocales: [{ country: 'US', language: 'en' }],
    multiLocaleFirstName: { en: parts.firstName },
    multiLocaleLastName: { en: parts.lastName },
    multiLocaleHeadline: { en: parts.headline ?? '' },
    ...parts.extra,
  };
  // A profile without a location has no `geo` key at all.
  if (parts.geo === undefined || parts.geo === null) delete body.geo;
  return body;
}
