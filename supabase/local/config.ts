/**
 * Reads `supabase/config.toml`, the Supabase CLI's project file, into the few settings the
 * local stack emulates. Unknown keys are ignored; missing ones take the CLI's defaults.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface ProjectConfig {
  apiPort: number;
  inboxPort: number;
  maxRows: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  /**
   * `[auth.email] require_current_password`: GoTrue's Security.UpdatePasswordRequireCurrentPassword
   * (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD; the hosted dashboard's "Require
   * current password when updating"). Off by default, as in GoTrue.
   */
  requireCurrentPassword: boolean;
  /** `[auth.email.template.<kind>]`: a mail's subject and HTML template file (absolute path). */
  emailTemplates: Partial<Record<EmailTemplateKind, EmailTemplate>>;
  storageFileSizeLimitBytes: number;
  /** verify_jwt per function name; functions not listed verify (the CLI's default). */
  functionVerifyJwt: Record<string, boolean>;
}

export type EmailTemplateKind = 'confirmation' | 'recovery';

export interface EmailTemplate {
  subject?: string;
  /** The template file; config.toml's `content_path` is relative to the project folder. */
  contentPath?: string;
}

type Table = Record<string, unknown>;
const table = (v: unknown): Table => (v && typeof v === 'object' ? (v as Table) : {});

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = SIZE_UNITS[(match?.[2] || 'b').toLowerCase()];
  if (!match || !unit) throw new Error(`Invalid size in config.toml: "${text}"`);
  return Math.floor(Number(match[1]) * unit);
}

function emailTemplates(templates: Table, projectDir: string): ProjectConfig['emailTemplates'] {
  const out: ProjectConfig['emailTemplates'] = {};
  for (const kind of ['confirmation', 'recovery'] as const) {
    const entry = table(templates[kind]);
    const subject = typeof entry.subject === 'string' ? entry.subject : undefined;
    const path = typeof entry.content_path === 'string' ? resolve(projectDir, entry.content_path) : undefined;
    if (subject || path) out[kind] = { subject, contentPath: path };
  }
  return out;
}

export async function readProjectConfig(supabaseDir: string): Promise<ProjectConfig> {
  const doc = parse(await readFile(join(supabaseDir, 'config.toml'), 'utf8')) as Table;
  const api = table(doc.api);
  const auth = table(doc.auth);
  const email = table(auth.email);
  const functions = table(doc.functions);
  return {
    apiPort: Number(api.port ?? 54321),
    inboxPort: Number(table(doc.inbucket).port ?? 54324),
    maxRows: Number(api.max_rows ?? 1000),
    siteUrl: String(auth.site_url ?? 'http://127.0.0.1:3000'),
    additionalRedirectUrls: (auth.additional_redirect_urls as string[] | undefined) ?? [],
    jwtExpirySeconds: Number(auth.jwt_expiry ?? 3600),
    refreshTokenReuseIntervalSeconds: Number(auth.refresh_token_reuse_interval ?? 10),
    enableSignup: auth.enable_signup !== false && email.enable_signup !== false,
    enableConfirmations: email.enable_confirmations === true,
    requireCurrentPassword: email.require_current_password === true,
    emailTemplates: emailTemplates(table(email.template), dirname(resolve(supabaseDir))),
    storageFileSizeLimitBytes: parseSize(String(table(doc.storage).file_size_limit ?? '50MiB')),
    functionVerifyJwt: Object.fromEntries(
      Object.entries(functions).map(([name, f]) => [name, table(f).verify_jwt !== false]),
    ),
  };
}
