/**
 * What the side panel says once a hosted checkout or portal page opened in a tab of its own
 * (hostedPage.ts), or could not: a blocked tab leaves a link that opens it from the user's click.
 */
import type { HostedPageExit } from './hostedPage.ts';

export function HostedPageNotice({ exit }: { exit: HostedPageExit | null }) {
  if (exit?.to === 'tab') {
    return (
      <p role="status" className="hosted-page-notice">
        The payment page opened in a new tab. Come back here when you are done: your plan is read again.
      </p>
    );
  }
  if (exit?.to === 'blocked') {
    return (
      <p role="status" className="hosted-page-notice">
        The browser did not open the payment page.{' '}
        <a href={exit.url} target="_blank" rel="noopener noreferrer">
          Open the payment page
        </a>
      </p>
    );
  }
  return null;
}
