/**
 * The suggested mapping (issue 16): for each profile field, the compatible property whose name
 * fits, so a new setting's mapping step arrives filled in. Names are compared normalised —
 * letter case, accents, spaces and punctuation ignored ("Société" fits "societe") — against
 * the field's own names (its code name and label), then synonyms in English and French, then
 * a few generic words. What must stay true:
 * - a type the spec does not allow for the field is never suggested (compatibleProperties);
 * - fullName is never suggested: the spec maps it to the title, always (withTitleMapped);
 * - a property is suggested for one field at most: a normalised name fits one field only;
 * - the best fit wins; two properties fitting equally well are ambiguous, and nothing is
 *   suggested for that field rather than a guess.
 */
import {
  compatibleProperties,
  MAPPED_FIELDS,
  type DatabaseProperty,
  type Mapping,
  type MappedField,
} from './mapping.ts';
import { FIELD_LABELS } from './mappingWords.ts';

/**
 * Synonyms of each field, best first: each inner list is one tier. fullName's names are listed
 * so that no other field takes them ("Full name" is not a first name); "Nom" next to "Prénom"
 * is the French form's last name.
 */
export const FIELD_SYNONYMS: Record<MappedField, readonly (readonly string[])[]> = {
  profileUrl: [
    [
      'LinkedIn',
      'LinkedIn URL',
      'LinkedIn profile',
      'LinkedIn link',
      'Profile link',
      'URL LinkedIn',
      'Profil LinkedIn',
      'Lien LinkedIn',
      'URL du profil',
      'Lien du profil',
      'Lien profil',
    ],
    ['Profile', 'Profil', 'URL', 'Link', 'Lien'],
  ],
  fullName: [['Name', 'Nom complet', 'Nom et prénom', 'Prénom et nom', 'Contact', 'Person', 'Personne']],
  firstName: [['Given name', 'Forename', 'Prénom']],
  lastName: [['Surname', 'Family name', 'Nom de famille', 'Nom']],
  headline: [
    ['Title', 'Job title', 'Job', 'Position', 'Role', 'Poste', 'Titre', 'Intitulé du poste', 'Fonction', 'Accroche'],
  ],
  summary: [['About', 'Bio', 'Résumé', 'À propos', 'Description', 'Présentation']],
  company: [
    [
      'Company name',
      'Current company',
      'Employer',
      'Organization',
      'Organisation',
      'Entreprise',
      'Société',
      'Employeur',
      'Nom de l’entreprise',
      'Organisme',
    ],
  ],
  education: [['School', 'University', 'École', 'Formation', 'Études', 'Université', 'Établissement']],
  country: [['Pays']],
  city: [['Town', 'Location', 'Ville', 'Localisation', 'Lieu']],
  nextFollowUp: [
    ['Follow-up', 'Follow-up date', 'Next follow-up date', 'Relance', 'Prochaine relance', 'Date de relance'],
    ['Reminder', 'Next contact', 'Rappel'],
  ],
  stage: [
    ['Pipeline stage', 'Deal stage', 'Lead status', 'Étape', 'Statut', 'Étape du pipeline'],
    ['Status', 'Pipeline', 'Phase'],
  ],
};

/** A name as compared: no case, no accents, letters and digits only. */
export function normalisedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

interface Fit {
  field: MappedField;
  /** 0 for the field's own names, then one more per synonym tier. */
  rank: number;
}

/** Every normalised name that fits a field, with how well (a name's best tier counts). */
const FITS: ReadonlyMap<string, Fit> = (() => {
  const fits = new Map<string, Fit>();
  for (const { field } of MAPPED_FIELDS) {
    [[field, FIELD_LABELS[field]], ...FIELD_SYNONYMS[field]].forEach((tier, rank) => {
      for (const name of tier) if (!fits.has(normalisedName(name))) fits.set(normalisedName(name), { field, rank });
    });
  }
  return fits;
})();

/** The mapping the property names suggest (fullName left to the title rule). */
export function suggestedMapping(properties: readonly DatabaseProperty[]): Mapping {
  const mapping: Mapping = {};
  for (const { field } of MAPPED_FIELDS) {
    if (field === 'fullName') continue;
    const fitting = compatibleProperties(field, properties).flatMap((property) => {
      const fit = FITS.get(normalisedName(property.name));
      return fit?.field === field ? [{ property, rank: fit.rank }] : [];
    });
    const best = Math.min(...fitting.map((candidate) => candidate.rank));
    const winners = fitting.filter((candidate) => candidate.rank === best);
    if (winners.length === 1) mapping[field] = winners[0].property.id;
  }
  return mapping;
}
