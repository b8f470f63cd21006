import { onTestFinished, vi } from 'vitest';

/**
 * jsdom draws nothing: its canvas has no 2D context, and the chart library throws "Value is null"
 * when it measures its axis labels. A context that measures text and draws nothing stands in.
 */
function drawNothing(this: HTMLCanvasElement) {
  const state: Record<string | symbol, unknown> = { canvas: this };
  const measureText = (text: string) => ({
    width: text.length * 6,
    actualBoundingBoxAscent: 8,
    actualBoundingBoxDescent: 2,
  });
  const gradient = () => ({ addColorStop: () => undefined });
  return new Proxy(state, {
    get: (target, key) =>
      key in target
        ? target[key]
        : key === 'measureText'
          ? measureText
          : key === 'createLinearGradient' || key === 'createRadialGradient'
            ? gradient
            : () => undefined,
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/**
 * Gives every canvas a 2D context that measures text and draws nothing, until the test has finished
 * (call it in beforeEach: `beforeEach(stubCanvas)`). The spy is restored after renderApp has
 * unmounted the component, since a chart still reaches for its canvas while it is taken down; an
 * earlier `vi.restoreAllMocks()` (in afterEach) would undo it before that.
 */
export function stubCanvas(): void {
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(drawNothing as unknown as HTMLCanvasElement['getContext']);
  onTestFinished(() => getContext.mockRestore());
}
