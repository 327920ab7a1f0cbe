/**
 * The page editor's field rules (src/domain/notion, spec 2 §3, §5, §9): email, external file
 * links and their names, image previews, option creation and colours, relation ids typed in,
 * and when a long text folds.
 */
import { describe, expect, test } from 'vitest';
import { emailError, isValidEmail } from '../../src/domain/notion/emailRule.ts';
import { externalFileName, externalUrlError } from '../../src/domain/notion/externalFiles.ts';
import { IMAGE_EXTENSIONS, isImageFile } from '../../src/domain/notion/imageFiles.ts';
import { isLongText } from '../../src/domain/notion/longText.ts';
import { OPTION_COLORS, optionColorOf } from '../../src/domain/notion/optionColors.ts';
import { canCreateOption } from '../../src/domain/notion/optionRules.ts';
import { parseRelationIds } from '../../src/domain/notion/relationInput.ts';
import { textFieldError } from '../../src/domain/notion/textFieldError.ts';

describe('email (spec 2 §5)', () => {
  test.each(['ada@example.com', 'ada.lovelace_1-x@mail.example.co.uk', ' ada@example.org ', '', '   '])(
    '%j may be saved',
    (value) => {
      expect(isValidEmail(value)).toBe(true);
      expect(emailError(value)).toBeNull();
    },
  );

  test.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'ada@example.c0m',
    'ada+crm@example.com',
    'a b@example.com',
    'ada@@example.com',
  ])('%j shows "Please enter a valid email address"', (value) => {
    expect(isValidEmail(value)).toBe(false);
    expect(emailError(value)).toBe('Please enter a valid email address');
  });
});

describe("the page editor's text field, by property type (spec 2 §5)", () => {
  test.each([
    ['email', 'not an email', 'Please enter a valid email address'],
    ['email', 'jose@example.org', null],
    ['email', '', null],
    ['url', 'nota url', 'Please enter a valid URL'],
    ['url', 'javascript:alert(1)', 'Please enter a valid URL'],
    ['url', 'https://www.linkedin.com/in/jose-edited', null],
    ['url', '', null],
    ['url', '   ', null],
    ['number', '42,5', 'Please enter a number'],
    ['number', '42.5', null],
    ['number', '', null],
    ['rich_text', 'not an email', null],
    ['phone_number', 'nota url', null],
  ])('%s %j → %s', (type, text, message) => {
    expect(textFieldError(type, text)).toBe(message);
  });
});

describe('external file link (spec 2 §5)', () => {
  test.each(['https://example.com/cv.pdf', 'http://localhost:3000/x'])('%s is a URL', (url) => {
    expect(externalUrlError(url)).toBeNull();
  });

  // not http(s): a link that would run in our origin or that no browser opens from the panel
  test.each([
    '',
    'example.com/cv.pdf',
    'not a url',
    'https://',
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://files.example/a',
  ])('%j shows "Please enter a valid URL"', (url) => {
    expect(externalUrlError(url)).toBe('Please enter a valid URL');
  });

  test.each([
    ['https://example.com/docs/cv.pdf', '', 'cv.pdf'],
    ['https://example.com/docs/Ada%20CV.pdf?dl=1#top', '', 'Ada CV.pdf'],
    ['https://example.com/docs/', '', 'docs'],
    ['https://example.com/', '', 'example.com'],
    ['https://example.com', '  ', 'example.com'],
    ['mailto:ada@example.com', '', 'External File'],
    ['data:text/plain,hello', '', 'External File'],
    ['not a url', '', 'External File'],
    ['https://example.com/cv.pdf', ' My CV ', 'My CV'],
  ])('%s named %j is called %s', (url, typed, name) => {
    expect(externalFileName(url, typed)).toBe(name);
  });
});

describe('image previews (spec 2 §9)', () => {
  test('the extensions are the spec’s', () => {
    expect(IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp']);
  });

  test.each(IMAGE_EXTENSIONS.flatMap((extension) => [`photo.${extension}`, `PHOTO.${extension.toUpperCase()}`]))(
    '%s is an image',
    (name) => {
      expect(isImageFile({ name })).toBe(true);
    },
  );

  test.each([
    [{ name: 'cv.pdf' }, false],
    [{ name: 'notes.txt', url: 'https://example.com/notes.txt' }, false],
    [{ name: 'png' }, false],
    [{ name: 'tiff.tiff' }, false],
    [{ name: '', url: 'https://s3.example/ws/portrait.JPG?X-Amz-Signature=abc.pdf' }, true],
    [{ name: 'Portrait', url: 'https://example.com/p.webp#x' }, true],
    [{ name: 'link', url: 'https://example.com/image' }, false],
    [{}, false],
  ])('%j is an image: %s', (file, image) => {
    expect(isImageFile(file)).toBe(image);
  });
});

describe('option creation (spec 2 §5)', () => {
  const options = ['Lead', 'Customer'];

  test.each([
    [{ type: 'select', typed: 'Partner', options }, true],
    [{ type: 'select', typed: '  Partner  ', options }, true],
    [{ type: 'select', typed: '', options }, false],
    [{ type: 'select', typed: '   ', options }, false],
    [{ type: 'select', typed: 'lead', options }, false],
    [{ type: 'select', typed: ' CUSTOMER ', options }, false],
    [{ type: 'select', typed: 'Partner, Reseller', options }, false],
    [{ type: 'multi_select', typed: 'AI', options: [], chosen: ['ai'] }, false],
    [{ type: 'multi_select', typed: 'AI', options: [], chosen: ['SaaS'] }, true],
    [{ type: 'multi_select', typed: 'saas', options: ['SaaS'], chosen: [] }, false],
    [{ type: 'select', typed: 'AI', options: [], chosen: ['ai'] }, true],
    [{ type: 'status', typed: 'Blocked', options: ['Not started'] }, false],
  ] as const)('%j may be created: %s', (creation, allowed) => {
    expect(canCreateOption(creation)).toBe(allowed);
  });
});

describe('option colours (spec 2 §3)', () => {
  test('are the 12 the spec lists', () => {
    expect(OPTION_COLORS).toEqual([
      'blue',
      'red',
      'green',
      'yellow',
      'orange',
      'purple',
      'pink',
      'gray',
      'brown',
      'dark_gray',
      'blue_gray',
      'green_yellow',
    ]);
  });

  test.each([
    ['orange', 'orange'],
    ['red', 'red'],
    ['default', 'gray'],
    [null, 'gray'],
    ['ultraviolet', 'gray'],
  ])("Notion's %s shows as %s", (notion, shown) => {
    expect(optionColorOf(notion)).toBe(shown);
  });
});

describe('relation ids typed in (spec 2 §5)', () => {
  const A = '1a2b3c4d5e6f40718293a4b5c6d7e8f9';
  const A_DASHED = '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';
  const B_DASHED = '00000000-0000-4000-8000-00000000000b';

  test('comma-separated, trimmed, empties dropped, each once, in Notion’s dashed form', () => {
    expect(parseRelationIds(` ${A} ,, ${B_DASHED.toUpperCase()} , ,${A_DASHED}`)).toEqual({
      ids: [A_DASHED, B_DASHED],
      invalid: [],
    });
    expect(parseRelationIds('')).toEqual({ ids: [], invalid: [] });
    expect(parseRelationIds(' , ,')).toEqual({ ids: [], invalid: [] });
  });

  test('a Notion page link gives its id', () => {
    expect(
      parseRelationIds(
        `https://www.notion.so/acme/Ada-Lovelace-${A}?pvs=4, https://acme.notion.site/${B_DASHED.replace(/-/g, '')}`,
      ),
    ).toEqual({ ids: [A_DASHED, B_DASHED], invalid: [] });
  });

  test('a part holding no page id is given back as invalid', () => {
    expect(parseRelationIds(`${A}, Ada Lovelace, 1234, https://example.com/${A}`)).toEqual({
      ids: [A_DASHED],
      invalid: ['Ada Lovelace', '1234', `https://example.com/${A}`],
    });
  });
});

describe('long text (spec 2 §9)', () => {
  test.each([
    ['a'.repeat(500), false],
    ['a'.repeat(501), true],
    ['1\n2\n3\n4\n5', false],
    ['1\n2\n3\n4\n5\n6', true],
    ['1\r\n2\r\n3\r\n4\r\n5\r\n', true],
    ['', false],
  ])('%j folds: %s', (text, folds) => {
    expect(isLongText(text)).toBe(folds);
  });
});
