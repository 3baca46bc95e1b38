import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Skeleton } from 'antd';
import { usePermissionCheck } from '../session/session';
import { orderDrawerSections, type OrderDrawerSection, type OrderDrawerSectionProps } from './sections';

// One lazy component per section for the whole session: a new one per render would load again.
const loaded = new Map<string, LazyExoticComponent<ComponentType<OrderDrawerSectionProps>>>();
const componentOf = (section: OrderDrawerSection) => {
  let component = loaded.get(section.key);
  if (!component) loaded.set(section.key, (component = lazy(section.load)));
  return component;
};

/** The sections other features add to the order drawer that the user's codes allow, in order. */
export function OrderDrawerSections(props: OrderDrawerSectionProps) {
  const allowed = usePermissionCheck();
  return (
    <>
      {orderDrawerSections()
        .filter((section) => !section.permission || allowed(section.permission))
        .map((section) => {
          const Section = componentOf(section);
          return (
            <Suspense key={section.key} fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
              <Section {...props} />
            </Suspense>
          );
        })}
    </>
  );
}
