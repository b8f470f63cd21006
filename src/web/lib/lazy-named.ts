import { createElement, lazy, useState, type ComponentType } from 'react';

type Lazy<C, M> = (C extends ComponentType<infer P> ? ComponentType<P> : never) & {
  preload(): Promise<M>;
};

/**
 * A named export loaded on first render (React.lazy wants a default export), with `preload` to start
 * the download earlier, e.g. when a pointer comes near the control that needs it.
 *
 * Once the module has arrived the component renders it directly. React.lazy suspends on its first
 * render even then, and a boundary that has shown its fallback is revealed no sooner than 300 ms
 * later (React's fallback throttle): a page preloaded before the first render appeared that much
 * late (ADR 0028).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): Lazy<M[K], M> {
  let loaded: ComponentType<object> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded ??= module[name] as unknown as ComponentType<object>;
      return module;
    });
  const Deferred = lazy(() => preload().then(() => ({ default: loaded as ComponentType<object> })));
  function LazyNamed(props: object) {
    // Chosen once per mount, so a part that began with the lazy wrapper is never remounted.
    const [Component] = useState(() => loaded ?? Deferred);
    return createElement(Component, props);
  }
  return Object.assign(LazyNamed, { preload }) as unknown as Lazy<M[K], M>;
}

/** True from the first render where `value` is true on: mounts a lazy part once it is first needed. */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
