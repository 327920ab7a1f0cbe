/**
 * Issue 34, the match ladder's second rung: names and companies in one normal form, and the
 * rule that makes a CRM page a *probable* match for the person on the tab (name, and company or
 * headline where both sides have one). EN and FR rows, and the fixtures' scripts.
 */
import { describe, expect, test } from 'vitest';
import { normalCompany, sameCompany } from '../../src/domain/people/companyNames.ts';
import { nameTokens, searchedLastName } from '../../src/domain/people/personNames.ts';
import { probableMatch, reasonText, type PersonFacts } from '../../src/domain/people/probableMatch.ts';

describe('nameTokens', () => {
  test.each([
    ['Ada Lovelace', ['ada', 'lovelace']],
    ['  ADA   lovelace ', ['ada', 'lovelace']],
    ['Lovelace, Ada', ['ada', 'lovelace']],
    ['Zoë Müller', ['zoe', 'muller']],
    ['Chloé O’Brien-Łukasik', ['chloe', 'o', 'brien', 'lukasik']],
    ['Jean-François Lefèvre', ['jean', 'francois', 'lefevre']],
    ['Anne-Sophie de La Tour', ['anne', 'sophie', 'de', 'la', 'tour']],
    ['J. R. R. Tolkien', ['j', 'r', 'r', 'tolkien']],
    ['Ada Lovelace 🚀', ['ada', 'lovelace']],
    ['🇫🇷 Camille Dupont 👋🏽', ['camille', 'dupont']],
    ['🚀✨', []],
    ['伟 李', ['伟', '李']],
    ['أميرة حداد', ['اميرة', 'حداد']], // the hamza folds off like an accent: أميرة = اميرة
    ['Ольга Иванова', ['ольга', 'иванова']],
    ['Cher', ['cher']],
    ['Søren Kierkegaard', ['soren', 'kierkegaard']],
  ])('%j → %j', (name, tokens) => {
    expect(nameTokens(name)).toEqual(tokens);
  });
});

describe('searchedLastName', () => {
  test.each([
    ['Ada Lovelace', 'Lovelace'],
    ['Zoë Müller 🚀', 'Müller'],
    ['Lovelace, Ada', 'Lovelace'],
    ['伟 李', '李'],
    ['أميرة حداد', 'حداد'],
    ['Cher', 'Cher'],
    ['Jean Dupont, PhD.', 'Dupont'], // one comma, words on both sides: read as "PhD. Jean Dupont"
    ['🚀', null],
    ['', null],
  ])('%j → %j', (name, last) => {
    expect(searchedLastName(name)).toBe(last);
  });
});

describe('normalCompany', () => {
  test.each([
    ['Analytical Engines Ltd', 'analytical engines'],
    ['Analytical Engines Ltd.', 'analytical engines'],
    ['Analytical-Engines, Limited', 'analytical engines'],
    ['Acme, Inc.', 'acme'],
    ['Acme Corp', 'acme'],
    ['Acme LLC', 'acme'],
    ['The Acme Company', 'acme'],
    ['Größe & Söhne GmbH', 'grosse sohne'],
    ['Grosse und Sohne', 'grosse sohne'],
    ['Siemens AG', 'siemens'],
    ['Société Générale SA', 'societe generale'],
    ['Société Générale S.A.', 'societe generale'],
    ['Dupont & Fils SARL', 'dupont fils'],
    ['Dupont et Fils SAS', 'dupont fils'],
    ['Philips BV', 'philips'],
    ['Ferrari S.p.A.', 'ferrari'],
    ['Ferrari SpA', 'ferrari'],
    ['Müller GmbH & Co. KG', 'muller'],
    ['SA', 'sa'],
    ['Not found', ''],
    ['  ', ''],
  ])('%j → %j', (company, normal) => {
    expect(normalCompany(company)).toBe(normal);
  });

  test.each([
    ['Google', 'Google Cloud', true],
    ['Google LLC', 'google', true],
    ['Compañía Ibérica', 'Compania Iberica S.L.', true],
    ['Acme', 'Acmeville', false],
    ['SA', 'Société Générale SA', false],
    ['Not found', 'Not found', false],
  ])('%j and %j agree: %j', (a, b, same) => {
    expect(sameCompany(a, b)).toBe(same);
  });
});

const p = (name: string, company?: string, headline?: string): PersonFacts => ({ name, company, headline });

describe('probableMatch', () => {
  test.each([
    // EN: names
    [
      'same name, same company',
      p('Ada Lovelace', 'Analytical Engines Ltd'),
      p('Ada Lovelace', 'Analytical Engines'),
      true,
    ],
    ['case and spaces', p('Ada Lovelace'), p('  ada  LOVELACE '), true],
    ['"Last, First" title', p('Ada Lovelace', 'Analytical Engines'), p('Lovelace, Ada', 'Analytical Engines'), true],
    ['initial', p('Ada Lovelace', 'Analytical Engines'), p('A. Lovelace', 'Analytical Engines Ltd'), true],
    ['two initials of three words', p('John Ronald Tolkien'), p('J. R. Tolkien'), false],
    ['nickname Bob', p('Robert Smith', 'Acme Inc'), p('Bob Smith', 'ACME'), true],
    ['nickname Liz', p('Elizabeth Taylor', 'MGM'), p('Liz Taylor', 'MGM Studios'), true],
    ['nickname Mike', p('Michael Brown'), p('Mike Brown'), true],
    ['another first name', p('Ada Lovelace'), p('Anne Lovelace'), false],
    ['another last name', p('Ada Lovelace'), p('Ada Byron'), false],
    ['last name as an initial', p('Ada Lovelace'), p('Ada L.'), false],
    ['middle name in the CRM', p('Ada Lovelace', 'Engines'), p('Ada Byron Lovelace', 'Engines'), true],
    ['middle name on LinkedIn', p('Ada Byron Lovelace'), p('Ada Lovelace'), true],
    ['emoji on LinkedIn', p('Ada Lovelace 🚀', 'Engines'), p('Ada Lovelace', 'Engines'), true],
    ['name of emoji only', p('🚀✨'), p('Ada Lovelace'), false],
    ['empty CRM title', p('Ada Lovelace'), p(''), false],
    // corroboration
    ['companies differ', p('Ada Lovelace', 'Analytical Engines'), p('Ada Lovelace', 'Babbage Works'), false],
    [
      'company differs, headline same',
      p('Ada Lovelace', 'New Co', 'Head of Analytics'),
      p('Ada Lovelace', 'Old Co', 'Head of Analytics'),
      true,
    ],
    [
      'company in the CRM headline',
      p('Ada Lovelace', 'Analytical Engines Ltd'),
      p('Ada Lovelace', undefined, 'Analyst at Analytical Engines'),
      true,
    ],
    [
      'CRM company in the LinkedIn headline',
      p('Ada Lovelace', undefined, 'Head of Analytics at Analytical Engines Ltd'),
      p('Ada Lovelace', 'Analytical Engines'),
      true,
    ],
    [
      'headlines differ, no companies',
      p('Ada Lovelace', undefined, 'Poet'),
      p('Ada Lovelace', undefined, 'Plumber'),
      false,
    ],
    [
      'company "Not found" is no company',
      p('Ada Lovelace', 'Not found', 'Not found'),
      p('Ada Lovelace', 'Babbage Works'),
      true,
    ],
    ['nothing to compare: name alone', p('Ada Lovelace'), p('Ada Lovelace'), true],
    ['legal forms only differ', p('Robert Smith', 'Acme, Inc.'), p('Robert Smith', 'Acme LLC'), true],
    // one-word names
    ['one word, same company', p('Cher', 'Warner'), p('Cher', 'Warner Records'), true],
    ['one word alone', p('Cher'), p('Cher'), false],
    ['one word against two', p('Cher', 'Warner'), p('Cher Bono', 'Warner'), false],
    ['one word, companies differ', p('Cher', 'Warner'), p('Cher', 'Sony'), false],
    // FR
    ['accents dropped in the CRM', p('Zoë Müller', 'Größe & Söhne GmbH'), p('Zoe Muller', 'Grosse und Sohne'), true],
    [
      'hyphenated first name',
      p('Jean-François Lefèvre', 'Société Générale SA'),
      p('Jean François Lefevre', 'Societe Generale'),
      true,
    ],
    ['FR nickname Manu', p('Emmanuel Petit', 'Dupont & Fils SARL'), p('Manu Petit', 'Dupont et Fils'), true],
    ['FR nickname Fred', p('Frédéric Martin'), p('Fred Martin'), true],
    ['FR "Nom, Prénom"', p('Camille Dupont', 'Orange SA'), p('Dupont, Camille', 'Orange'), true],
    ['FR namesake elsewhere', p('Camille Dupont', 'Orange SA'), p('Camille Dupont', 'Free SAS'), false],
    ['FR particle', p('Anne-Sophie de La Tour', 'BNP Paribas'), p('Anne Sophie De la Tour', 'BNP Paribas SA'), true],
    ['FR other first name', p('Camille Dupont'), p('Claire Dupont'), false],
    ['FR initial', p('Camille Dupont', 'Orange'), p('C. Dupont', 'Orange'), true],
    [
      'compound last name',
      p('José García Núñez', 'Compañía Ibérica'),
      p('Jose Garcia Nunez', 'Compania Iberica'),
      true,
    ],
    ['apostrophe dropped in the CRM', p("Chloé O'Brien-Łukasik"), p('Chloe OBrien Lukasik'), true],
    ['Arabic, hamza dropped in the CRM', p('أميرة حداد'), p('اميرة حداد'), true],
    ['apostrophe kept', p("Chloé O'Brien-Łukasik"), p('Chloe O’Brien Łukasik'), true],
    // other scripts
    ['Chinese, same order', p('伟 李'), p('伟 李'), true],
    ['Chinese, family name first', p('伟 李'), p('李 伟'), true],
    ['Chinese, other given name', p('伟 李'), p('强 李'), false],
    ['Arabic', p('أميرة حداد'), p('أميرة حداد'), true],
    ['Arabic, other given name', p('أميرة حداد'), p('سارة حداد'), false],
    ['Cyrillic, case', p('Ольга Иванова'), p('ОЛЬГА ИВАНОВА'), true],
    ['Japanese with company', p('由紀 田中', 'トヨタ'), p('田中 由紀', 'トヨタ'), true],
  ])('%s', (_label, scraped, stored, probable) => {
    expect(probableMatch(scraped, stored).probable).toBe(probable);
  });

  test('says why: nickname, then company', () => {
    const verdict = probableMatch(p('Robert Smith', 'Acme Inc'), p('Bob Smith', 'ACME'));
    expect(verdict.reasons.map(reasonText)).toEqual(['Same first name (robert / bob)', 'Same company (ACME)']);
  });

  test('says when only the name agreed', () => {
    expect(probableMatch(p('Ada Lovelace'), p('Ada Lovelace')).reasons.map(reasonText)).toEqual([
      'Same name',
      'Name only: no company or headline to compare',
    ]);
  });
});
