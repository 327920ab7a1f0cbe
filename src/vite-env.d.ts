/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Origins allowed to message the app as the extension (src/data/extension/origins.ts). */
  readonly VITE_EXTENSION_ORIGINS?: string;
  /** The geo-IP lookup (ipapi.co's `GET /json/` shape) for the billing currency (src/data/geoIp.ts). */
  readonly VITE_GEO_IP_URL?: string;
  /** Product analytics' project key: analytics is off without it (src/domain/analytics). */
  readonly VITE_ANALYTICS_KEY?: string;
  /** Its ingestion host (default PostHog's EU host). */
  readonly VITE_ANALYTICS_HOST?: string;
}
