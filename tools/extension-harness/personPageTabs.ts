/**
 * The harness's fake tabs for issue 34: pages about one person that are not their public
 * profile URL, with what the real extension reads there (extension/scrape/personPage.ts, whose
 * HTML fixtures are in tests/fixtures/linkedin): the preview and the public `/in/` link the page
 * shows (`profileUrl`), or null when it shows none.
 *
 * - a Sales Navigator lead whose page shows Grace Hopper's public link;
 * - a Sales Navigator lead that shows no link (out of network);
 * - a profile opened by its member link (`/in/ACoAA…`) whose page names Alan Turing's public URL.
 * Their people are no profile-data fixtures and no other test's: a test that saves them in the
 * Notion sandbox (shared by a worker's browser tests) disturbs no one.
 */
import type { HarnessTab } from './server.ts';

export const SALES_LEAD_WITH_LINK = 'https://www.linkedin.com/sales/lead/ACwAAAGraceHopperLeadId0001,NAME_SEARCH,x7Qp';
export const SALES_LEAD_WITHOUT_LINK =
  'https://www.linkedin.com/sales/lead/ACwAAALinusQuietLeadId00002,OUT_OF_NETWORK,k2Zr';
export const MEMBER_LINK = 'https://www.linkedin.com/in/ACoAAAlanTuringMemberId000003';

export function personPageTabs(): HarnessTab[] {
  return [
    {
      label: 'Sales Navigator lead (public link)',
      url: SALES_LEAD_WITH_LINK,
      profileUrl: 'https://www.linkedin.com/in/grace-hopper-sn/',
      scrapedData: {
        name: 'Grace Hopper',
        avatarUrl: 'Not found',
        title: 'Compiler pioneer',
        currentJob: { title: 'Head of Sales', company: 'Harbor Compilers' },
      },
    },
    {
      label: 'Sales Navigator lead (no public link)',
      url: SALES_LEAD_WITHOUT_LINK,
      profileUrl: null,
      scrapedData: {
        name: 'Linus Quiet',
        avatarUrl: 'Not found',
        title: 'Out of network',
        currentJob: { title: 'Buyer', company: 'Silent Systems SARL' },
      },
    },
    {
      label: 'Member link (Alan Turing)',
      url: MEMBER_LINK,
      profileUrl: 'https://www.linkedin.com/in/alan-turing-ml/',
      scrapedData: {
        name: 'Alan Turing',
        avatarUrl: 'Not found',
        title: 'Machines that think',
        currentJob: { title: 'Cryptanalyst', company: 'Bletchley Park' },
      },
    },
  ];
}
