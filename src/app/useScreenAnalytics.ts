/** Tells the optional analytics client which screen opened: the route id, never the URL (its query holds profile URLs). */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackScreen } from '../data/analytics/productAnalytics.ts';
import { routeOf } from '../domain/routing/routes.ts';

export function useScreenAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => trackScreen(routeOf(pathname) ?? 'unknown'), [pathname]);
}
