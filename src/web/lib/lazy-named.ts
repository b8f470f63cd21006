import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

type Lazy<C, M> = (C extends ComponentType<infer P> ? LazyExoticComponent<ComponentType<P>> : never) & {
  preload(): Promise<M>;
};

/**
 * A named export loaded on first render (React.lazy wants a default export), with `preload` to start
 * the download earlier, e.g. when a pointer comes near the control that needs it.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): Lazy<M[K], M> {
  const component = lazy(() =>
    load().then((module) => ({ default: module[name] as unknown as ComponentType<unknown> })),
  );
  return Object.assign(component, { preload: load }) as unknown as Lazy<M[K], M>;
}

/** True from the first render where `value` is true on: mounts a lazy part once it is first needed. */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
