import {
  cloneElement,
  isValidElement,
  useCallback,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, node: T | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : () => ref(null);
  }
  if (ref) ref.current = node;
  return ref ? () => (ref.current = null) : undefined;
}

/** One ref callback for both refs, stable while they are: a new one each render would re-run both. */
function useBothRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const cleanups = [setRef(a, node), setRef(b, node)];
      return () => cleanups.forEach((cleanup) => cleanup?.());
    },
    [a, b],
  );
}

/**
 * Renders its one child element with the slot's props merged in, as Radix's Slot does for
 * `asChild`: the child's event handler runs before the slot's, styles merge (the child's win),
 * class names join, both refs get the element; any other prop of the child wins. Button's 0.3 kB
 * instead of Radix's 1 kB on the first load of every page.
 */
export function Slot({
  children,
  ref,
  ...slotProps
}: HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  const child = isValidElement<Props>(children) ? children : null;
  const childRef = child?.props.ref as Ref<HTMLElement> | undefined;
  const composedRef = useBothRefs(ref, childRef);
  if (!child) return null;
  const merged: Props = { ...slotProps };
  for (const [name, childValue] of Object.entries(child.props)) {
    const slotValue = merged[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === 'style') {
      merged.style = { ...(slotValue as CSSProperties), ...(childValue as CSSProperties) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (childValue !== undefined || !(name in merged)) {
      merged[name] = childValue;
    }
  }
  merged.ref = ref && childRef ? composedRef : (ref ?? childRef);
  return cloneElement(child, merged);
}
