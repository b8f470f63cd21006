import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { usePageTitle } from '../use-page-title';

export function Component() {
  usePageTitle('Page not found');
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
