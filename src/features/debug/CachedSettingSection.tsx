/**
 * The spec's part of /cache-debug (spec 2 §2, French labels): the cached active setting, its
 * storage keys and the cache age — against the 30-minute TTL of src/data/db/ttl.ts.
 */
import { cacheFreshness } from '../../domain/debug/cacheFreshness.ts';
import { ageText } from '../../domain/debug/debugTexts.ts';
import type { ActiveSettingValue } from '../../data/db/activeSetting.ts';
import { CACHE_KEYS } from '../../data/db/cache.ts';
import { entryLifetime } from '../../data/debug/cacheLifetimes.ts';

interface Props {
  cached: { value: ActiveSettingValue; cachedAt: number } | undefined;
  databaseName: string;
  now: number;
}

const FRENCH_LABELS = {
  heading: 'Paramètre actif en cache',
  setting: 'Paramètre actif',
  storageKeys: 'Clés de stockage',
  age: 'Âge du cache',
  none: 'Aucun paramètre actif en cache',
} as const;

export function CachedSettingSection({ cached, databaseName, now }: Props) {
  const lifetime = entryLifetime(CACHE_KEYS.activeSetting)!;
  return (
    <section aria-labelledby="cached-setting-heading" lang="fr">
      <h2 id="cached-setting-heading">{FRENCH_LABELS.heading}</h2>
      {cached ? (
        <dl className="debug-facts" data-testid="cached-setting">
          <dt>{FRENCH_LABELS.setting}</dt>
          <dd>
            {cached.value.setting.name || '—'} <code lang="en">{cached.value.id}</code>
          </dd>
          <dt>{FRENCH_LABELS.storageKeys}</dt>
          <dd>
            <code lang="en">
              IndexedDB {databaseName} › cache › {CACHE_KEYS.activeSetting}
            </code>{' '}
            (<code lang="en">{Object.keys(cached.value).join(', ')}</code>)
          </dd>
          <dt>{FRENCH_LABELS.age}</dt>
          <dd>
            {ageText(now - cached.cachedAt)} / {ageText(lifetime.ttlMs)}{' '}
            <span lang="en" className="freshness">
              {cacheFreshness(cached.cachedAt, now, lifetime)}
            </span>
          </dd>
        </dl>
      ) : (
        <p>{FRENCH_LABELS.none}</p>
      )}
    </section>
  );
}
