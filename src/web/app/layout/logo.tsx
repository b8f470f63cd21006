import { Link } from 'react-router';
import { useTheme } from '@/web/lib/preferences';

/** The logo changes with the theme. */
export function Logo() {
  const { resolvedTheme } = useTheme();
  return (
    <Link to="/" className="flex shrink-0 items-center rounded-md" aria-label="XRP Research home">
      <img
        src={resolvedTheme === 'dark' ? '/logo-dark.svg' : '/logo-light.svg'}
        alt=""
        width={176}
        height={32}
        data-theme-logo={resolvedTheme}
        className="h-8 w-auto"
      />
    </Link>
  );
}
