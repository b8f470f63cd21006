import AxeBuilder from '@axe-core/playwright';
import { expect, expectPath, test } from './fixtures';

/** The footer pages written in the repo (SPEC §2 footer links). */
test.describe('footer pages', () => {
  const pages = [
    { path: '/learn', title: 'Learn', text: 'Reading the dashboard' },
    { path: '/about', title: 'About', text: 'What we do' },
    { path: '/privacy', title: 'Privacy Policy', text: 'Download my data' },
    { path: '/terms', title: 'Terms of Service', text: 'Not financial advice' },
  ];

  for (const { path, title, text } of pages)
    test(`${path} shows its text to visitors, with no axe violations at 390 px`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('main')).toContainText(text);
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
    });

  test('links inside the text stay in the app', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('main').getByRole('link', { name: 'contact page' }).click();
    await expectPath(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  });
});
