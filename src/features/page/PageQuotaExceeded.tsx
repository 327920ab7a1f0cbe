/**
 * A page view refused by the Notion quota (spec 2 §4, §8): the message, and the banner "Notion
 * Edits Quota Exceeded" with "used / total Notion edits (percent%)", its bar and a link to
 * /account. Quotas over 100 000 read as unlimited.
 */
import { Link } from 'react-router-dom';
import { UNLIMITED_NOTION_EDITS } from '../../domain/billing/quotaUsage.ts';
import { messages } from '../../domain/errors/messages.ts';
import { routes } from '../../domain/routing/routes.ts';
import { QuotaBar } from '../account/QuotaBar.tsx';

export function PageQuotaExceeded({ quota, used }: { quota: number; used: number }) {
  return (
    <section className="notice error" role="alert" aria-label={messages.notionQuotaBannerTitle}>
      <h2>{messages.notionQuotaBannerTitle}</h2>
      <p>{messages.pageViewsQuotaExceeded(quota)}</p>
      <QuotaBar label="Notion edits" used={used} quota={quota} unlimited={quota > UNLIMITED_NOTION_EDITS} />
      <p>
        <Link to={routes.account()}>Upgrade or view your quotas</Link>
      </p>
    </section>
  );
}
