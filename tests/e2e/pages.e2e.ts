import { AxeBuilder } from './axe';
import { expect, expectPath, test } from './fixtures';

/** The footer pages written in the repo (the footer links to them). */
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

  test('/analysis lists the weeks, latest first; a week opens with its figures and headlines, the Premium parts locked', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/analysis');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analysis');
    const weeks = page.getByRole('main').getByRole('listitem');
    await expect(weeks.first()).toContainText('In progress');
    // Whale statistics are Premium: a visitor gets a link to upgrade in their place, never a zero.
    await expect(weeks.first().getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/membership');
    const firstWeek = (await weeks.first().getByRole('link').first().textContent()) ?? '';
    expect(firstWeek).toMatch(/^Week \d+, \d{4}$/);
    await weeks.first().getByRole('link', { name: firstWeek, exact: true }).click();
    await expect(page).toHaveURL(/\/analysis\/\d{4}-W\d{2}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstWeek);
    await expect(page.getByText('Closing price by day')).toBeVisible();
    await expect(page.getByTestId('premium-overlay')).toContainText('Daily closes are a Premium feature');
    await expect(page.getByRole('cell', { name: /^\$\d+\.\d{4}$/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Headlines' })).toBeVisible();
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes[0]?.target}`,
    );
    expect(violations).toEqual([]);
    await page.getByRole('link', { name: /^← Week/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(firstWeek);
  });

  test('/analysis shows a Premium member the closing price of each day and the whale transfers', async ({
    page,
    signInAs,
  }) => {
    await signInAs('premium');
    await page.goto('/analysis');
    const weeks = page.getByRole('main').getByRole('listitem');
    await expect(weeks.first()).toContainText('Whale transfers');
    await expect(weeks.first().getByRole('link', { name: 'Premium' })).toHaveCount(0);
    await weeks.first().getByRole('link').first().click();
    await expect(page.getByText('Closing price by day')).toBeVisible();
    await expect(page.getByTestId('premium-overlay')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: /^\$\d+\.\d{4}$/ }).first()).toBeVisible();
  });

  test('the footer pages have no axe violations in the dark theme at 390 px', async ({ page, freshUser }) => {
    // Six pages, each through axe: about 20 s on a quiet machine.
    test.setTimeout(60_000);
    // The theme is a member's choice (visitors see the light theme).
    await freshUser('Nora Night');
    await page.request.patch('/api/preferences', { data: { themePreference: 'dark' } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/research');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    for (const [path, title] of [
      ['/research', 'Research'],
      ['/analysis', 'Analysis'],
      ['/api', 'Developer API'],
      ['/contact', 'Contact'],
      ['/newsletter/confirm?token=a-token-from-a-confirmation-mail', 'Newsletter'],
      ['/learn', 'Learn'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${path} ${violation.id}: ${violation.nodes[0]?.target}`,
      );
      expect(violations).toEqual([]);
    }
  });
});
