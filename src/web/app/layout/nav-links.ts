import { appRoutes } from '@/domain/routing/routes';

/** The header links, shared by the desktop bar and the mobile side panel. */
export const headerLinks = [
  { to: appRoutes.home, label: 'Home' },
  { to: appRoutes.news, label: 'News & Insights' },
  { to: appRoutes.analytics, label: 'Analytics' },
  { to: appRoutes.alerts, label: 'Alerts' },
  { to: appRoutes.portfolio, label: 'Portfolio' },
  { to: appRoutes.membership, label: 'Membership' },
] as const;

/** An analyst's way in to the questions (the admin dashboard shows them its inbox tab only). */
export const analystInboxPath = `${appRoutes.admin}?tab=inbox`;

/** The footer groups. */
export const footerGroups = [
  {
    title: 'Platform',
    links: [
      { to: appRoutes.analytics, label: 'Analytics' },
      // Who moved XRP and where (Premium): otherwise reached only from the dashboard's whale card.
      { to: appRoutes.whales, label: 'Whale Flows' },
      // What exists, burns and sits in Ripple's escrow: also linked from the dashboard's supply card.
      { to: appRoutes.supply, label: 'Supply' },
      { to: appRoutes.news, label: 'News' },
      { to: appRoutes.alerts, label: 'Alerts' },
      { to: appRoutes.ask, label: 'Ask an Analyst' },
      { to: appRoutes.api, label: 'API' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: appRoutes.learn, label: 'Learn' },
      { to: appRoutes.analysis, label: 'Analysis' },
      { to: appRoutes.regulatory, label: 'Regulatory' },
      { to: appRoutes.research, label: 'Research' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: appRoutes.about, label: 'About' },
      { to: appRoutes.settings, label: 'Settings' },
      { to: appRoutes.contact, label: 'Contact' },
      { to: appRoutes.privacy, label: 'Privacy' },
      { to: appRoutes.terms, label: 'Terms' },
    ],
  },
] as const;
