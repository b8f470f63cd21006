import Builder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * axe, once the page's finite animations and transitions have ended: a colour still fading between
 * two themes (a button's `transition-colors` after the theme class changed) is measured as it is at
 * that instant, and can fail the contrast rule only for the first 150 ms. Endless animations (a
 * spinner) are not waited for.
 *
 * axe runs inside the page itself (legacy mode) and reports violations only. The default mode
 * collects a partial result in each frame and merges them in a new blank tab: a renderer started,
 * axe's source parsed again and every passing node serialised across, for each scan. The app has
 * no frames from other origins, which is all that mode adds; the violations are the same.
 */
export class AxeBuilder extends Builder {
  readonly #page: Page;

  constructor(params: ConstructorParameters<typeof Builder>[0]) {
    super(params);
    this.#page = params.page;
    this.setLegacyMode(true);
    this.options({ resultTypes: ['violations'] });
  }

  override async analyze(): Promise<AxeResults> {
    await this.#page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    return super.analyze();
  }
}
