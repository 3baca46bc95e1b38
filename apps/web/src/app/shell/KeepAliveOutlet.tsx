import { Activity, memo, Suspense, useMemo } from 'react';
import { Spin } from 'antd';
import { PaneLocation } from '../../shared/navigation/pane';
import { ErrorBoundary } from '../pages/ErrorBoundary';
import { IframePage } from '../pages/IframePage';
import { aliveKeys, tabLocation, useTabs } from '../stores/tabs';
import { RegisteredPage } from './RegisteredPage';
import type { Target } from './targets';

/** What a pane shows, as plain values so a hidden pane does not re-render when another tab changes. */
interface PaneProps {
  tabKey: string;
  /** The path and query the page reads (`usePaneSearch`): the key, or a single-tab page's last location. */
  location: string;
  kind: Target['kind'];
  component?: string;
  src?: string;
  label?: string;
}

function PageView({ kind, component, src, label }: Omit<PaneProps, 'tabKey' | 'location'>) {
  if (kind === 'iframe') return <IframePage src={src ?? ''} title={label ?? ''} />;
  if (kind !== 'page' || !component) return null;
  return <RegisteredPage component={component} label={label} />;
}

const Pane = memo(function Pane({ tabKey, location, ...view }: PaneProps) {
  return (
    <div className="page-pane" data-tab={tabKey}>
      <ErrorBoundary>
        <Suspense fallback={fallback}>
          <PaneLocation value={location}>
            <PageView {...view} />
          </PaneLocation>
        </Suspense>
      </ErrorBoundary>
    </div>
  );
});

const paneProps = (tabKey: string, location: string, target: Target): PaneProps => {
  if (target.kind === 'page') return { tabKey, location, kind: target.kind, component: target.component, label: target.label };
  if (target.kind === 'iframe') return { tabKey, location, kind: target.kind, src: target.src, label: target.label };
  return { tabKey, location, kind: target.kind };
};

const fallback = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/**
 * The keep-alive outlet: every open keep-alive tab's page stays mounted inside React `<Activity>`
 * (hidden ones keep their state and DOM; their effects pause), keyed by path plus query. The least
 * recently used beyond the cap, closed tabs and pages that are not kept alive are unmounted.
 * `location` is where the active tab is (its key, or a single-tab page's path with the query it shows now).
 */
export function KeepAliveOutlet({ active, location = active, resolve }: { active: string; location?: string; resolve: (key: string) => Target }) {
  const tabs = useTabs((s) => s.tabs);
  const recent = useTabs((s) => s.recent);
  const shown = useMemo(() => {
    const alive = new Set(aliveKeys({ tabs, recent }));
    const list = tabs.filter((t) => t.value === active || alive.has(t.value)).map((t) => ({ key: t.value, nonce: t.nonce, location: tabLocation(t) }));
    if (!list.some((t) => t.key === active)) list.push({ key: active, nonce: 0, location });
    return list;
  }, [tabs, recent, active, location]);
  return (
    <>
      {shown.map(({ key, nonce, location: last }) => (
        <Activity key={`${key}#${nonce}`} mode={key === active ? 'visible' : 'hidden'}>
          <Pane {...paneProps(key, key === active ? location : last, resolve(key))} />
        </Activity>
      ))}
    </>
  );
}
