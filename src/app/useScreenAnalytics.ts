/** Each screen the user opens is one `screen_viewed` event, named by its route id (analytics on only). */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { recordScreenViewed } from '../data/analytics/analytics.ts';

export function useScreenAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => recordScreenViewed(pathname), [pathname]);
}
