import { describe, expect, test } from 'vitest';
import { renderTemplate, type TemplateValues } from '../../../supabase/local/auth/mail-templates.ts';

const values: TemplateValues = {
  ConfirmationURL: 'http://api/auth/v1/verify?token=t&type=recovery',
  TokenHash: 'abc123',
  SiteURL: 'http://app',
  RedirectTo: 'http://app/update-password',
  Email: 'a@b.example',
};

describe('e-mail templates, filled in as GoTrue fills them', () => {
  test('fields are replaced, with or without spaces, and escaped for HTML', () => {
    expect(renderTemplate('<a href="{{ .RedirectTo }}?token_hash={{.TokenHash}}">x</a>', values)).toBe(
      '<a href="http://app/update-password?token_hash=abc123">x</a>',
    );
    expect(renderTemplate('{{ .ConfirmationURL }}', values)).toBe(
      'http://api/auth/v1/verify?token=t&amp;type=recovery',
    );
  });

  test('what the local stack cannot fill is refused, never rendered empty', () => {
    expect(() => renderTemplate('code: {{ .Token }}', values)).toThrow('not supported by the local Supabase stack');
    expect(() => renderTemplate('{{ if .Data }}x{{ end }}', values)).toThrow('not supported');
  });
});
