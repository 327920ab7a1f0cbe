/** Key and name validators, header name, origin rule (spec 1 §2, §5; spec 2 §2, §5). */
import { describe, expect, test } from 'vitest';
import { duplicateKeyMessage, notionKeyError } from '../../src/domain/settings/keyRules.ts';
import { headerSettingName, settingNameError } from '../../src/domain/settings/nameRules.ts';
import { goBackTarget, originToStore } from '../../src/domain/settings/origin.ts';

const key = (length: number) => 'ntn_' + 'x'.repeat(length - 4);

describe('integration key', () => {
  test.each([
    ['', 'Please enter a valid Notion API key'],
    ['   ', 'Please enter a valid Notion API key'],
    [key(44), 'Incorrect key length'],
    [key(45), null],
    [`  ${key(45)}  `, null],
    [key(50), null],
    [key(55), null],
    [`\t${key(55)}\n`, null],
    [key(56), 'Incorrect key length'],
    ['ntn_short', 'Incorrect key length'],
  ])('%j → %s', (input, message) => {
    expect(notionKeyError(input)).toBe(message);
  });

  test('the duplicate message names the workspace in quotes', () => {
    expect(duplicateKeyMessage('Sidenote Demo')).toBe(
      'This API key is already associated with workspace "Sidenote Demo". Each key must be unique.',
    );
  });
});

describe('setting name', () => {
  const existing = ['My CRM', 'Investors'];
  test.each([
    ['', false, 'Please provide a name for this setting'],
    ['  ', false, 'Please provide a name for this setting'],
    ['ab', false, 'Name must be at least 3 characters long'],
    [' ab ', false, 'Name must be at least 3 characters long'],
    ['abc', false, null],
    ['a'.repeat(50), false, null],
    [` ${'a'.repeat(50)} `, false, null],
    ['a'.repeat(51), false, 'Name must be at most 50 characters long'],
    ['my crm', false, 'A setting with this name already exists'],
    ['  INVESTORS ', false, 'A setting with this name already exists'],
    ['my crm', true, null],
    ['My CRM 2', false, null],
  ])('%j (editing: %s) → %s', (name, editing, message) => {
    expect(settingNameError(name, existing, editing)).toBe(message);
  });

  test.each([
    ['', 'Sans nom'],
    ['   ', 'Sans nom'],
    [null, 'Sans nom'],
    ['a'.repeat(35), 'a'.repeat(35)],
    ['a'.repeat(36), `${'a'.repeat(35)}...`],
    ['Short', 'Short'],
  ])('header name %j → %j', (name, shown) => {
    expect(headerSettingName(name)).toBe(shown);
  });
});

describe('origin rule', () => {
  test.each([
    ['/profile', '/notion-settings', '/profile'],
    ['/account', '/notion-settings', '/account'],
    ['/notion-profile?id=1', '/notion-settings', '/notion-profile?id=1'],
    ['/new-setting/select-workspace', '/notion-settings', null],
    ['/new-setting/completion?workspace_id=a', '/notion-settings', null],
    ['/notion-settings', '/notion-settings', null],
    [null, '/notion-settings', null],
    ['/profile', '/account', null],
  ])('from %j to %j stores %j', (from, to, stored) => {
    expect(originToStore(from, to)).toBe(stored);
  });

  test.each([
    ['/account', '/missing-context'],
    ['/profile', '/missing-context'],
    ['/profile/', '/missing-context'],
    ['/notion-profile?id=1', '/notion-profile?id=1'],
    ['/', '/'],
    [null, null],
  ])('GoBackFromSettings from origin %j → %j', (origin, target) => {
    expect(goBackTarget(origin)).toBe(target);
  });
});
